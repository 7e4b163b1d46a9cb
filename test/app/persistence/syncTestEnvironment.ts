// What every remote-sync test sets up: fake timers, a navigator.onLine the test switches through
// `environment.online`, and the sync workers it started stopped after each test. The contract's checks are
// answered by test/setup/contractWorker.ts, which imports the contract before any test starts.
import { afterEach, beforeEach, vi } from 'vitest';

export interface SyncTestEnvironment {
  online: boolean;
  stopAfterTest(stop: () => void): void;
}

export function syncTestEnvironment(): SyncTestEnvironment {
  const stops: Array<() => void> = [];
  const environment: SyncTestEnvironment = {
    online: true,
    stopAfterTest: (stop) => {
      stops.push(stop);
    },
  };
  beforeEach(() => {
    vi.useFakeTimers();
    environment.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => environment.online);
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return environment;
}
