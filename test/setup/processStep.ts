// How long a test waits on one process it started (a server becoming healthy, a command or a build running to
// its end) before calling it hung. Like CONDITION_WAIT, the bound says "never", not how fast the machine is:
// beside a second `npm test` on two cores such a step takes several times as long as it does alone. A test
// made of several steps gets the sum of their bounds (`processSteps`), so what fails a hung test is the step's
// own error, naming the process and its output, and a slow machine never fails a test that would pass.
export const PROCESS_STEP_MS = 120_000;

/** A test's (or hook's) timeout: `steps` processes waited on, one after another. */
export const processSteps = (steps: number): number => steps * PROCESS_STEP_MS;
