import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { CONDITION_WAIT } from './conditionWait.ts';

// A findBy/waitFor bound says "this never happens", not how fast the machine is (conditionWait.ts).
configure({ asyncUtilTimeout: CONDITION_WAIT.timeout });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The remote sync's steps come with the app's first sync run (src/app/persistence/syncRun.ts imports them then,
// to keep them out of a page's first load). Imported here first, so a test's fake timers time the run, not the
// first transform of a module.
await import('../../src/app/persistence/syncSteps.ts');
