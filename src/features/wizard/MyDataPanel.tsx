// "Your data" under the questionnaire: download everything held about this browser, or delete it, after a
// confirmation that says what goes and what stays. The safe choice comes first in the dialog. The calls'
// state is the myData slice's.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert, Button, Modal } from '../../ui/index.ts';
import { DevicesPanel } from '../devices/index.ts';
import { myDataPanelClosed, selectMyDataRequest } from './myDataSlice.ts';
import { deleteMyData, downloadMyData } from './myDataThunks.ts';

export function MyDataPanel({ onDeleted }: { onDeleted: () => void }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const { status, error, notice } = useAppSelector(selectMyDataRequest);
  const busy = status === 'pending';
  useEffect(() => () => {
    dispatch(myDataPanelClosed());
  }, [dispatch]);

  const erase = async () => {
    setConfirming(false);
    await dispatch(deleteMyData());
    onDeleted();
  };

  return (
    <section className="wizard-my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>Download everything Essay Studio holds about this browser as one file, or delete it.</p>
      <div className="page-actions">
        <Button variant="secondary" disabled={busy} onClick={() => void dispatch(downloadMyData())}>Download my data</Button>
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>Delete my data</Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      <DevicesPanel />
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
