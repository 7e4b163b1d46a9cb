// Where the student's answers are, in the header, in plain words: on this device only, saved online too,
// or offline. On a phone the words are visually hidden behind a coloured icon (screen readers still read
// them) and a tap on the icon shows them. Not a live region: it changes at every pause in typing, and a
// screen reader announcing each one would drown the questionnaire; the save failure has its own alert.
import { useState } from 'react';
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
  const [shown, setShown] = useState(false);
  return (
    <button
      type="button"
      className={`sync-status sync-status--${status}${shown ? ' is-shown' : ''}`}
      data-status={status}
      onClick={() => setShown((value) => !value)}
      onBlur={() => setShown(false)}
    >
      <span className="sync-status__dot" aria-hidden="true" />
      <span className="sync-status__text">{SYNC_STATUS_LABELS[status]}</span>
    </button>
  );
}
