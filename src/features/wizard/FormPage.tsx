// /form: the five-step questionnaire. Lazy-loaded by the router. This component selects
// almost nothing from the store, so a keystroke re-renders only the field being typed in.
import { useEffect, useId, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { formReset } from '../../client-core/documentActions.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { FORM_STEPS } from '../../common/questionnaire/questionnaire.ts';
import { Button, buttonClassName } from '../../ui/index.ts';
import { SharedComputerCheckbox } from '../sharedComputer/components.ts';
import { AcademicsStep } from './AcademicsStep.tsx';
import { ActivitiesStep } from './ActivitiesStep.tsx';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { CollegeGoalsStep } from './CollegeGoalsStep.tsx';
// Part of the page's first render (and so of its frame): its text is among the largest on a phone's first
// screen, and appearing later it would be the page's largest paint.
import { MyDataPanel } from './MyDataPanel.tsx';
import { PersonalInsightsStep } from './PersonalInsightsStep.tsx';
import { ReplacedSectionsNotice } from './ReplacedSectionsNotice.tsx';
import { StartOverDialog } from './StartOverDialog.tsx';
import { ContinueLink } from '../devices/components.ts';
import { StepProgress } from './StepProgress.tsx';
import { useWizardEvents } from './useWizardEvents.ts';
import { LAST_STEP, useWizardStep } from './useWizardStep.ts';
import { WizardNav } from './WizardNav.tsx';
import { selectFirstBlockedStep } from './wizardSlice.ts';
import './wizard.css';

const STEP_COMPONENTS: readonly ComponentType[] = [
  BasicInfoStep, AcademicsStep, CollegeGoalsStep, ActivitiesStep, PersonalInsightsStep,
];

export default function FormPage() {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { step, goTo, moved } = useWizardStep();
  const { stepCompleted } = useWizardEvents(step);
  const firstBlockedStep = useAppSelector(selectFirstBlockedStep);
  const [confirming, setConfirming] = useState(false);
  const [resets, setResets] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Announce each step the student goes to by moving focus to its heading (not the step the page opened
    // at: the page title does that).
    if (moved) headingRef.current?.focus();
  }, [step, resets, moved]);

  const next = () => {
    if (step < LAST_STEP) {
      stepCompleted(step);
      goTo(step + 1);
    } else if (firstBlockedStep !== null) {
      goTo(firstBlockedStep); // an earlier step lost an answer: show it rather than bounce off /essay-type
    } else {
      stepCompleted(step, true);
      navigate('/essay-type');
    }
  };
  // Cancel: the Modal gives focus back to "Start over". Confirm: the effect above moves it to step 1's heading.
  const cancelStartOver = () => setConfirming(false);
  const confirmStartOver = () => {
    dispatch(formReset());
    setConfirming(false);
    goTo(0);
    setResets((count) => count + 1);
  };

  const StepContent = STEP_COMPONENTS[step] ?? BasicInfoStep;
  return (
    <div className="wizard">
      <div className="wizard-top">
        <h1>Tell us about yourself</h1>
        <Button variant="ghost" onClick={() => setConfirming(true)}>Start over</Button>
      </div>
      <StepProgress step={step} />
      <ReplacedSectionsNotice />
      <section className="wizard-card" aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="wizard-step-heading">
          <span className="wizard-step-count">
            Step {step + 1} of {FORM_STEPS.length}<span className="visually-hidden">:</span>
          </span>{' '}
          {FORM_STEPS[step]}
        </h2>
        <StepContent key={`${step}-${resets}`} />
        <WizardNav step={step} onBack={() => goTo(step - 1)} onNext={next} />
      </section>
      {step === 0 && <SharedComputerCheckbox />}
      {step === 0 && (
        <div className="wizard-other-device">
          <ContinueLink className={buttonClassName('ghost')} />
        </div>
      )}
      <StartOverDialog open={confirming} onConfirm={confirmStartOver} onCancel={cancelStartOver} />
      <MyDataPanel onDeleted={() => {
        goTo(0);
        setResets((count) => count + 1);
      }}
      />
    </div>
  );
}
