// "Your devices" in "Your data": every browser signed in to the student's work, with Sign out on each row
// (this one's row signs this device out), and "Sign out of this device", which syncs first and, when changes
// are still only here, asks before discarding them. The list is asked for when the student opens it, so no
// page load pays for it.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { readableTime } from '../../common/time/readableTime.ts';
import { Alert, Button, usePageLive } from '../../ui/index.ts';
import { selectDevices, selectDevicesRequests } from './devicesSlice.ts';
import { loadDevices, signOutDevice, signOutThisDevice } from './devicesThunks.ts';
import { UnsentChangesQuestion } from './UnsentChangesQuestion.tsx';

export function DevicesPanel() {
  const dispatch = useAppDispatch();
  const { list, unsentChanges } = useAppSelector(selectDevices);
  const { load, signOut } = useAppSelector(selectDevicesRequests);
  const busy = signOut.status === 'pending';
  // Asked once opened and the page is live (never while the pre-rendered frame shows, as the app's other calls).
  const live = usePageLive();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open && live) void dispatch(loadDevices());
  }, [dispatch, open, live]);

  const signOutThis = (discard: boolean) => void dispatch(signOutThisDevice({ discard }));

  return (
    <section className="devices-panel" aria-labelledby="devices-title">
      <h3 id="devices-title">Your devices</h3>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Show the browsers signed in to your work</summary>
        <p>Signing one out removes your work from it the next time it connects.</p>
        {list !== null && (
          <ul className="devices-list">
            {list.map((device) => (
              <li key={device.id} aria-labelledby={`device-${device.id}`}>
                <span id={`device-${device.id}`}>
                  <strong>{device.label}</strong>{device.current ? ' (this device)' : ''}
                </span>
                <span className="devices-seen">
                  First seen {readableTime(device.firstSeenAt, 'short')}, last seen {readableTime(device.lastSeenAt, 'short')}
                </span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-describedby={`device-${device.id}`}
                  onClick={() => (device.current ? signOutThis(false) : void dispatch(signOutDevice(device.id)))}
                >
                  Sign out
                </Button>
              </li>
            ))}
          </ul>
        )}
      </details>
      <div className="page-actions">
        <Button variant="secondary" disabled={busy} onClick={() => signOutThis(false)}>Sign out of this device</Button>
      </div>
      {load.error && <Alert tone="error">{load.error}</Alert>}
      {signOut.error && <Alert tone="error">{signOut.error}</Alert>}
      <UnsentChangesQuestion count={unsentChanges} onSignOut={() => signOutThis(true)} />
    </section>
  );
}
