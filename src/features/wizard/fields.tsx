// Small accessible building blocks shared by the wizard's steps (kept here until src/ui offers them).
import { useId } from 'react';

/** A visible asterisk for required fields; screen readers get aria-required on the control instead. */
export function RequiredMark() {
  return <span className="wizard-required" aria-hidden="true"> *</span>;
}

type CheckboxGroupProps = {
  legend: string;
  required?: boolean;
  description?: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onToggle: (value: string) => void;
};

export function CheckboxGroup({ legend, required, description, options, selected, onToggle }: CheckboxGroupProps) {
  const id = useId();
  return (
    <fieldset className="wizard-group" aria-describedby={description ? `${id}-desc` : undefined}>
      <legend>{legend}{required && <RequiredMark />}</legend>
      {description && <p id={`${id}-desc`} className="wizard-hint">{description}</p>}
      <div className="wizard-options">
        {options.map((option) => (
          <label key={option.value} className="wizard-option">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={() => onToggle(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** "N/limit" under a text box; the box names it with aria-describedby. */
export function CharCount({ id, length, limit }: { id: string; length: number; limit: number }) {
  return (
    <p id={id} className="wizard-count">
      <span aria-hidden="true">{length}/{limit}</span>
      <span className="wizard-sr-only">{`${length} of ${limit} characters`}</span>
    </p>
  );
}
