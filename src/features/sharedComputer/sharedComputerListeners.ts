// A tab on a shared computer that signs in (its first session, or a new one) tells the server at once, so the
// session ends after 30 minutes idle from its first request on.
import type { AppStartListening } from '../../app/hooks.ts';
import { isSharedComputer } from '../../client-core/sharedComputer.ts';
import { markSharedComputer } from './sharedComputerThunks.ts';

export function addSharedComputerListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => current.session.uid !== null && current.session.uid !== previous.session.uid,
    effect: async (_action, listenerApi) => {
      if (isSharedComputer()) await listenerApi.dispatch(markSharedComputer(true));
    },
  });
}
