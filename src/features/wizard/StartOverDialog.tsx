// The confirmation in front of "Start over": an alert dialog that keeps focus inside until answered.
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';

type Props = { onConfirm: () => void; onCancel: () => void };

export function StartOverDialog({ onConfirm, onCancel }: Props) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // The safe choice takes focus first, so a stray Enter does not erase anything.
  useEffect(() => cancelRef.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="wizard-backdrop">
      <div
        ref={dialogRef}
        className="wizard-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>Start over?</h2>
        <p id={`${id}-body`}>
          This erases every answer in the questionnaire, on this device and in your saved copy. It cannot be undone.
        </p>
        <div className="wizard-dialog-buttons">
          <button ref={cancelRef} type="button" className="wizard-button wizard-button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="wizard-button wizard-button-danger" onClick={onConfirm}>
            Start over
          </button>
        </div>
      </div>
    </div>
  );
}
