// After a conflict: a questionnaire section this device and another both changed kept this device's answers,
// and the other side's are kept too. Each such section is named here with **Restore my version**, which puts the
// other side's answers back as an edit (synced like typing), or **Keep these answers**, which ends the offer.
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { formDocumentLoaded, replacedSectionSettled, selectReplacedSections } from '../../client-core/documentActions.ts';
import type { FormSection } from '../../common/questionnaire/formDocument.ts';
import { FORM_STEPS } from '../../common/questionnaire/questionnaire.ts';
import { Button } from '../../ui/index.ts';

/** The step that fills each section offered back, in the questionnaire's order. */
const STEP_OF: Partial<Record<FormSection, string>> = {
  basicInfo: FORM_STEPS[0], academics: FORM_STEPS[1], collegeGoals: FORM_STEPS[2],
  activitiesAndInvolvement: FORM_STEPS[3], personalInsights: FORM_STEPS[4],
};

function ReplacedSection({ section }: { section: FormSection }) {
  const dispatch = useAppDispatch();
  const replaced = useAppSelector(selectReplacedSections);
  const textId = useId();
  const restore = () => {
    dispatch(formDocumentLoaded({ document: { [section]: replaced[section] }, source: 'restored' }));
    dispatch(replacedSectionSettled(section));
  };
  return (
    <div role="group" aria-labelledby={textId} className="wizard-replaced">
      <p id={textId}>
        {STEP_OF[section]} was also changed on another device. The answers typed here were kept.
      </p>
      <Button variant="secondary" onClick={restore}>Restore my version</Button>{' '}
      <Button variant="ghost" onClick={() => dispatch(replacedSectionSettled(section))}>Keep these answers</Button>
    </div>
  );
}

export function ReplacedSectionsNotice() {
  const replaced = useAppSelector(selectReplacedSections);
  const sections = (Object.keys(STEP_OF) as FormSection[]).filter((section) => replaced[section] !== undefined);
  if (sections.length === 0) return null;
  return (
    <section className="wizard-replaced-list" aria-label="Changed on two devices">
      {sections.map((section) => <ReplacedSection key={section} section={section} />)}
    </section>
  );
}
