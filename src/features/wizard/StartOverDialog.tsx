// The confirmation in front of "Start over". The safe choice comes first, so it takes focus when the
// dialog opens and a stray Enter erases nothing; Escape and the backdrop cancel (src/ui's Modal).
import { Button, Modal } from '../../ui/index.ts';

type Props = { open: boolean; onConfirm: () => void; onCancel: () => void };

export function StartOverDialog({ open, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Start over?"
      actions={(
        <>
          <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button className="wizard-button-danger" onClick={onConfirm}>Start over</Button>
        </>
      )}
    >
      <p>
        This erases every answer in the questionnaire, on this device and in your saved copy. It cannot be undone.
      </p>
    </Modal>
  );
}
