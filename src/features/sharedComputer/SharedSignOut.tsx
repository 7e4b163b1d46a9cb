// Sign out on a shared computer, in the header of every page while the tab is on one. It first offers to go on
// from the student's own device, then signs out as "Sign out of this device" does: it syncs first (asking when
// changes are still only here), ends the session on the server, erases the whole copy in this browser and opens
// `/` as a new visitor, so nothing of the student's is left for the next person (src/app/session/signedOutDevice.ts).
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert, Button, Modal } from '../../ui/index.ts';
import { selectDevices, selectDevicesRequests, signOutThisDevice, UnsentChangesQuestion } from '../devices/index.ts';

export default function SharedSignOut() {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const { unsentChanges } = useAppSelector(selectDevices);
  const { signOut } = useAppSelector(selectDevicesRequests);
  const busy = signOut.status === 'pending';
  const signOutNow = (discard: boolean) => {
    setAsking(false);
    void dispatch(signOutThisDevice({ discard }));
  };

  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>Sign out</Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Sign out of this shared computer"
        actions={(
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>Cancel</Button>
            <Button onClick={() => signOutNow(false)}>Sign out</Button>
          </>
        )}
      >
        <p>Your work stays saved online. Signing out removes it from this computer, and this page with it.</p>
      </Modal>
      {signOut.error && <Alert tone="error">{signOut.error}</Alert>}
      <UnsentChangesQuestion count={unsentChanges} onSignOut={() => signOutNow(true)} />
    </>
  );
}
