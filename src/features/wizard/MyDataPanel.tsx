// "Your data" under the questionnaire: download everything held about this browser, or delete it, after a
// confirmation that says what goes and what stays. The safe choice comes first in the dialog.
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { Alert, Button, Modal } from '../../ui/index.ts';
import { deleteMyData, downloadMyData } from './myData.ts';

type Status = { tone: 'success' | 'error'; text: string } | null;

export function MyDataPanel({ onDeleted }: { onDeleted: () => void }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const download = async () => {
    setBusy(true);
    setStatus(null);
    const result = await dispatch(downloadMyData());
    setBusy(false);
    if (downloadMyData.rejected.match(result)) setStatus({ tone: 'error', text: `Your data could not be downloaded: ${result.payload?.message ?? 'please try again.'}` });
  };

  const erase = async () => {
    setConfirming(false);
    setBusy(true);
    setStatus(null);
    const result = await dispatch(deleteMyData());
    setBusy(false);
    onDeleted();
    setStatus(deleteMyData.fulfilled.match(result)
      ? { tone: 'success', text: `Your data was deleted from this device and from the server. ${result.payload.kept.join(' ')}` }
      : { tone: 'error', text: `This device’s copy was cleared, but the server’s could not be deleted: ${result.payload?.message ?? 'please try again.'}` });
  };

  return (
    <section className="wizard-my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>Download everything Essay Studio holds about this browser as one file, or delete it.</p>
      <div className="page-actions">
        <Button variant="secondary" disabled={busy} onClick={() => void download()}>Download my data</Button>
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>Delete my data</Button>
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your data?"
        actions={(
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button className="wizard-button-danger" onClick={() => void erase()}>Delete my data</Button>
          </>
        )}
      >
        <p>
          This erases, on this device and on the server, your answers, your essays, your feedback, your discount codes
          and referrals (with the e-mail addresses), and the usage events tied to this browser. It cannot be undone.
        </p>
        <p>Your plan stays: the record of a payment is kept as the law requires, without your answers or e-mail.</p>
      </Modal>
    </section>
  );
}
