import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A findBy/waitFor bound says "this never happens", not how fast the machine is: a page that appears after a
// lazy chunk's first transform on a busy two-core machine appears, just later. Speed is the benches' job.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
