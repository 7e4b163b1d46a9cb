// Asked when signing this device out finds changes still only here (offline): stay signed in, so they are sent
// once the device is back online, or sign out and lose them. DevicesPanel and the shared computer's Sign out ask it.
import { useAppDispatch } from '../../app/hooks.ts';
import { Button, Modal } from '../../ui/index.ts';
import { stayedSignedIn } from './devicesSlice.ts';

const unsentChangesTitle = (count: number): string =>
  `${count} ${count === 1 ? 'change is' : 'changes are'} only on this device`;

/** "N changes are only on this device": Stay signed in, or Sign out and discard. */
export function UnsentChangesQuestion({ count, onSignOut }: { count: number; onSignOut: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <Modal
      open={count > 0}
      onClose={() => dispatch(stayedSignedIn())}
      title={unsentChangesTitle(count)}
      actions={(
        <>
          <Button variant="secondary" onClick={() => dispatch(stayedSignedIn())}>Stay signed in</Button>
          <Button className="wizard-button-danger" onClick={onSignOut}>Sign out and discard</Button>
        </>
      )}
    >
      <p>They could not reach the server. Stay signed in and they are sent when this device is back online; sign out now and they are lost.</p>
    </Modal>
  );
}

