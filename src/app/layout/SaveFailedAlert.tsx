// SPEC §8's save failure: a red alert at the top right while changes could not be sent. It goes away by
// itself once a later save succeeds (the sync keeps retrying); the answers stay on this device meanwhile.
// It covers the header's right-hand side, so the student may dismiss it until the next failure after a
// success.
import { useState } from 'react';
import { MESSAGES } from '../../shared/messages.ts';
import { Alert } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import { selectSaveError } from '../persistence/remoteStatusSlice.ts';

export function SaveFailedAlert() {
  const failing = useAppSelector(selectSaveError) !== null;
  const [dismissed, setDismissed] = useState(false);
  // A success ends the episode: the next failure shows the alert again.
  if (!failing && dismissed) setDismissed(false);
  // Always mounted, so screen readers announce the alert when its text arrives.
  return (
    <div className="save-failed-alert">
      {failing && !dismissed && (
        <>
          <Alert tone="error">{MESSAGES.saveFailed}</Alert>
          <button type="button" className="save-failed-alert__dismiss" aria-label="Dismiss" onClick={() => setDismissed(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}
