// What every remote-sync test sets up: fake timers, a navigator.onLine the test switches through
// `environment.online`, the sync workers it started stopped after each test, and the contract's schemas
// already loaded (the app loads them with its first server answer; a module load is real I/O, which fake
// timers cannot advance, so a sync's first send would otherwise land at a moment the test does not control).
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadContract } from '../../../src/api/index.ts';

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
  beforeAll(async () => {
    await loadContract();
  });
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
