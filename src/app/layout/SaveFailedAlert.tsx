// The save failure: a red alert at the top right while changes could not be sent. It goes away by
// itself once a later save succeeds (the sync keeps retrying); the answers stay on this device meanwhile.
// It covers the header's right-hand side, so the student may dismiss it until the next failure after a
// success. When the server refused the document for good (a 4xx it would answer again), retrying cannot
// help: the alert then says why, and that changing the answer sends it again.
import { useState } from 'react';
import { isRetryable } from '../../api/index.ts';
import type { ApiErrorValue } from '../../api/index.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { Alert } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import { selectSaveError } from '../persistence/syncSlice.ts';

/** The server's reason for refusing the document, or null when the failure may pass by itself. */
const refusalReason = (error: ApiErrorValue | null): string | null => {
  if (error === null || error.status < 400 || error.status >= 500) return null;
  if (isRetryable(error) || [401, 409].includes(error.status)) return null; // these pass by themselves
  // Validation messages name the field from the request body down; the student knows it as an answer.
  return error.message.replace(/body\.document\./g, '').replace(/\.$/, '');
};

export function SaveFailedAlert() {
  const error = useAppSelector(selectSaveError);
  const failing = error !== null;
  const reason = refusalReason(error);
  const [dismissed, setDismissed] = useState(false);
  // A success ends the episode: the next failure shows the alert again.
  if (!failing && dismissed) setDismissed(false);
  // Always mounted, so screen readers announce the alert when its text arrives.
  return (
    <div className="save-failed-alert">
      {failing && !dismissed && (
        <>
          <Alert tone="error">
            {MESSAGES.saveFailed}
            {reason !== null && (
              <span className="save-failed-alert__reason">
                {` The server did not accept them (${reason}). Every word is kept on this device: change that answer and saving will try again.`}
              </span>
            )}
          </Alert>
          <button type="button" className="save-failed-alert__dismiss" aria-label="Dismiss" onClick={() => setDismissed(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}
