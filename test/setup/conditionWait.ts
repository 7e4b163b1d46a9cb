// How long a test waits for a condition before calling it a failure (vi.waitFor's own default is one second).
// The bound says "this never happens", not how fast the machine is: on a busy two-core machine a lazy module's
// first transform or a cold import can take seconds, and beside a second `npm test` a page that needed a
// lazy chunk took over five; the condition still comes, and a wait ends as soon as it does. Speed is the
// benches' job.
export const CONDITION_WAIT = { timeout: 15_000 } as const;
