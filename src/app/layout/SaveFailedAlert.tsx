// SPEC §8's save failure: a red alert at the top right while changes could not be sent. It goes away by
// itself once a later save succeeds (the sync keeps retrying); the answers stay on this device meanwhile.
import { MESSAGES } from '../../shared/messages.ts';
import { Alert } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import { selectSaveError } from '../persistence/remoteStatusSlice.ts';

export function SaveFailedAlert() {
  const error = useAppSelector(selectSaveError);
  // Always mounted, so screen readers announce the alert when its text arrives.
  return (
    <div className="save-failed-alert">
      {error && <Alert tone="error">{MESSAGES.saveFailed}</Alert>}
    </div>
  );
}
