// Offered when a new version of the app has been deployed and its service worker is waiting: a reload
// rather than a stale shell. The student's answers are on this device, so reloading loses nothing.
import { useSyncExternalStore } from 'react';
import { Button } from '../../ui/index.ts';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../pwa/updateOffer.ts';

export function UpdateBanner() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className="update-banner" role="status">
      <p>A new version of Essay Studio is ready. Your answers are saved.</p>
      <Button onClick={() => applyUpdate()}>Reload</Button>
    </div>
  );
}
