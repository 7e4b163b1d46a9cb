// Start-up work that runs beside rendering: the session call, then the plan.
import { connectSession } from './session/index.ts';
import type { AppStore } from './store.ts';

/**
 * Starts the session (then reads the plan). The promise settles once the session call has, whatever its
 * outcome: offline, the app goes on with the device copy and reconnects when the browser is back online.
 */
export const bootstrapSession = (store: AppStore): Promise<void> =>
  store.dispatch(connectSession()).then(() => undefined);
