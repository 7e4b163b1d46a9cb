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
