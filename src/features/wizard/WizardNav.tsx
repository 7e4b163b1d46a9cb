// Back / Next / Continue, with the reason Next is disabled shown and tied to the button.
import { useId } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/index.ts';
import { LAST_STEP } from './useWizardStep.ts';
import { selectStepMissing } from './wizardSlice.ts';

const listInWords = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

type Props = { step: number; onBack: () => void; onNext: () => void };

export function WizardNav({ step, onBack, onNext }: Props) {
  const id = useId();
  const missing = useAppSelector(selectStepMissing(step));
  const isLast = step === LAST_STEP;
  const blocked = missing.length > 0;

  return (
    <div className="wizard-nav">
      {/* A live region that is always there, so each change of what is missing is announced. */}
      <div role="status">
        {blocked && (
          <p id={`${id}-why`} className="wizard-nav-hint">
            To continue, add {listInWords(missing)}.
          </p>
        )}
      </div>
      <div className="wizard-nav-buttons">
        <Button variant="secondary" onClick={onBack} disabled={step === 0}>Back</Button>
        <Button onClick={onNext} disabled={blocked} aria-describedby={blocked ? `${id}-why` : undefined}>
          {isLast ? 'Continue' : 'Next'}
        </Button>
      </div>
    </div>
  );
}
