// Where the header puts Sign out: only while this tab is on a shared computer, and its code (the devices'
// sign-out) loads only then, so no other page pays for it.
import { lazy, Suspense } from 'react';
import { useSharedComputer } from './useSharedComputer.ts';

const SharedSignOut = lazy(() => import('./SharedSignOut.tsx'));

export function SharedSignOutSlot() {
  const shared = useSharedComputer();
  if (!shared) return null;
  return (
    <Suspense fallback={null}>
      <SharedSignOut />
    </Suspense>
  );
}
