// The box itself, the same on the landing page (pre-rendered, made live by landing.ts) and on the
// questionnaire's first screen (SharedComputerCheckbox.tsx, which controls it).
import type { ChangeEvent } from 'react';
import { SHARED_COMPUTER_ATTRIBUTE } from './sharedComputerAttribute.ts';

interface SharedComputerFieldProps {
  id: string;
  checked?: boolean;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function SharedComputerField({ id, checked, disabled, onChange }: SharedComputerFieldProps) {
  const control = checked === undefined ? { defaultChecked: false } : { checked, onChange };
  return (
    <div className="shared-computer">
      <label className="shared-computer__label">
        <input type="checkbox" {...{ [SHARED_COMPUTER_ATTRIBUTE]: '' }} aria-describedby={`${id}-hint`} disabled={disabled} {...control} />
        <span>This is a shared computer</span>
      </label>
      <p id={`${id}-hint`} className="shared-computer__hint">
        Your work is then kept only in this tab and online: closing the tab removes it from this computer, and it signs
        you out after 30 minutes without use.
      </p>
    </div>
  );
}
