// Where the student's answers are, in the header, in plain words: on this device only,
// saved online too, or offline. Not a live region: it changes at every pause in typing, and a screen
// reader announcing each one would drown the questionnaire; the save failure has its own alert.
import { useAppSelector } from '../hooks.ts';
import { selectSyncStatus } from '../persistence/syncSlice.ts';
import type { SyncStatus as Status } from '../persistence/syncSlice.ts';

export const SYNC_STATUS_LABELS: Record<Status, string> = {
  device: 'Saved on this device',
  synced: 'Saved online',
  offline: 'Offline: saved on this device',
};

export function SyncStatus() {
  const status = useAppSelector(selectSyncStatus);
  return (
    <p className={`sync-status sync-status--${status}`} data-status={status}>
      <span className="sync-status__dot" aria-hidden="true" />
      {SYNC_STATUS_LABELS[status]}
    </p>
  );
}
