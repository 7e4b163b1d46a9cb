// A device the student signed out (from another device, or by deleting their data) learns it from any call's
// 401 `signed_out`. From then on no call leaves this page, so nothing of the device's copy is sent anywhere;
// the app, told once, erases that copy and starts again as a new visitor (src/app/session/signedOutDevice.ts).
import { markErasure, unmarkErasure } from '../client-core/erasureMark.ts';
import { ApiError } from './errors.ts';

const SIGNED_OUT_MESSAGE = 'This device was signed out. Its copy of your work has been removed from this browser.';

let signedOut = false;
/** While this page takes another session (a pairing): no call leaves it but the one that takes it. */
let handingOver = false;
/** Where the page starts again once its copy is erased. */
let restartAt = '/';
const listeners = new Set<(next: string) => void>();

/** Whether this page has learned that its device was signed out. */
export const deviceIsSignedOut = (): boolean => signedOut || handingOver;

/** Whether this page is taking another session now: its one call that takes it may leave. */
export const deviceIsHandingOver = (): boolean => handingOver;

/** The refusal of a call this page would make after learning it. */
export const signedOutError = (): ApiError => new ApiError({ status: 401, code: 'signed_out', message: SIGNED_OUT_MESSAGE });

/** Records that the device was signed out, and tells every listener, once. */
export function deviceSignedOut(): void {
  if (signedOut) return;
  signedOut = true;
  for (const listener of listeners) listener(restartAt);
}

/**
 * Hands this page over to another student's session (a paired device taking the work it was approved for):
 * from now on no other call leaves it, so nothing of its own copy reaches that student's documents; `take`
 * makes the one call that sets the new session's cookie (with `handOver: true`). Once it has, the device is
 * left as a signed-out one is (its copy erased) and starts again at `next`, where the sync pulls the work.
 * When `take` fails, nothing changed: the page goes on with its own session and copy.
 */
export async function handOverDevice(take: () => Promise<void>, next: string): Promise<void> {
  handingOver = true;
  try {
    await leaving(take);
  } finally {
    handingOver = false;
  }
  restartAt = next;
  deviceSignedOut();
}

/**
 * Ends this device's session by `call` ("Sign out of this device", the shared computer's Sign out); once it has,
 * the device is left as a signed-out one is. When `call` fails, nothing changed.
 */
export async function endDeviceSession(call: () => Promise<unknown>): Promise<void> {
  await leaving(call);
  deviceSignedOut();
}

/**
 * Makes a call whose answer ends this page's session (its cookie cleared or replaced), with the erasure marked
 * before it leaves: a page reloaded between the answer and the erasure still erases the copy before it reads
 * it back, and never sends it under the session that follows. A call that fails takes the mark away.
 */
async function leaving(call: () => Promise<unknown>): Promise<void> {
  markErasure('all');
  try {
    await call();
  } catch (error) {
    unmarkErasure('all');
    throw error;
  }
}

/**
 * Calls `listener` with the path to start again at when the device is signed out (at once when it already
 * is); answers how to stop listening.
 */
export function whenSignedOut(listener: (next: string) => void): () => void {
  if (signedOut) {
    listener(restartAt);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
