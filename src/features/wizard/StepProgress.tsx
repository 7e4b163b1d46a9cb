// The five steps at a glance, the current one marked for assistive technology with aria-current.
import { FORM_STEPS } from '../../common/questionnaire/questionnaire.ts';

export function StepProgress({ step }: { step: number }) {
  return (
    <ol className="wizard-progress" aria-label="Questionnaire steps">
      {FORM_STEPS.map((name, index) => (
        <li
          key={name}
          className={index < step ? 'is-done' : index === step ? 'is-current' : undefined}
          aria-current={index === step ? 'step' : undefined}
        >
          <span className="wizard-progress-number" aria-hidden="true">{index + 1}</span>
          <span className="wizard-progress-name">{name}</span>
        </li>
      ))}
    </ol>
  );
}
