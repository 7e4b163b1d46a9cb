// A device the student signed out (from another device, or by deleting their data) learns it from any call's
// 401 `signed_out`. From then on no call leaves this page, so nothing of the device's copy is sent anywhere;
// the app, told once, erases that copy and starts again as a new visitor (src/app/session/signedOutDevice.ts).
import { ApiError } from './errors.ts';

const SIGNED_OUT_MESSAGE = 'This device was signed out. Its copy of your work has been removed from this browser.';

let signedOut = false;
const listeners = new Set<() => void>();


/** Whether this page has learned that its device was signed out. */
export const deviceIsSignedOut = (): boolean => signedOut;

/** The refusal of a call this page would make after learning it. */
export const signedOutError = (): ApiError => new ApiError({ status: 401, code: 'signed_out', message: SIGNED_OUT_MESSAGE });

/** Records that the device was signed out, and tells every listener, once. */
export function deviceSignedOut(): void {
  if (signedOut) return;
  signedOut = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` when the device is signed out (at once when it already is); answers how to stop listening. */
export function whenSignedOut(listener: () => void): () => void {
  if (signedOut) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
