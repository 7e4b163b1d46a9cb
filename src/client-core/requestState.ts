// Request state, kept the same way by every stage's slice: under one key, `request`, set by the stage's
// thunk (pending, then fulfilled or rejected) and by the events of its wait before a retry; absent until the
// first call, which reads as idle (the slices' selectors say so). It describes this page's run of a call,
// never the student's data, so it never reaches the device copy or the remote one: localPersistence.ts drops
// the key on the way in and out, and compares slices without it (a status change neither writes the device
// copy nor counts as an edit).
import type { ActionReducerMapBuilder, Draft, UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../api/index.ts';

export const REQUEST_KEY = 'request';

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export type RequestState = {
  status: RequestStatus;
  /** What the page says about the failure; null unless `failed`. */
  error: string | null;
  /**
   * What the page says besides a failure: while the call waits to be tried again (a 429), or once it went
   * through when that is worth saying (a deletion's outcome); null otherwise.
   */
  notice: string | null;
  /** The thunk run this state follows: the lifecycle actions of an older run change nothing. */
  requestId: string | null;
};

export const idleRequest: RequestState = { status: 'idle', error: null, notice: null, requestId: null };

type ThunkMeta = { requestId: string; aborted?: boolean };
type ThunkPhaseAction = UnknownAction & { meta: ThunkMeta; payload?: unknown };

/**
 * Matches one phase of the thunk `typePrefix` by its type, so a slice keeps its thunk's request state
 * without importing the thunk's module (which imports the slice's actions).
 */
export const thunkPhase = (typePrefix: string, phase: 'pending' | 'fulfilled' | 'rejected') =>
  (action: UnknownAction): action is ThunkPhaseAction => action.type === `${typePrefix}/${phase}`;

/** A run cancelled by the page (leaving it) is no failure: it leaves the request idle and says nothing. */
const wasCancelled = (action: ThunkPhaseAction): boolean =>
  action.meta.aborted === true || (action.payload as ApiErrorValue | undefined)?.code === 'aborted';

type WithRequest = { request?: RequestState };

/**
 * Keeps `state.request` for the thunk `typePrefix`: pending on start, succeeded or failed (with the page's
 * words for the failure, from `failureMessage`) when the current run ends.
 */
export function addRequestCases<S extends WithRequest>(
  builder: ActionReducerMapBuilder<S>,
  typePrefix: string,
  failureMessage: (error: ApiErrorValue) => string,
): void {
  const current = (state: Draft<S>, action: ThunkPhaseAction) => (state as WithRequest).request?.requestId === action.meta.requestId;
  builder
    .addMatcher(thunkPhase(typePrefix, 'pending'), (state, action) => {
      (state as WithRequest).request = { status: 'pending', error: null, notice: null, requestId: action.meta.requestId };
    })
    .addMatcher(thunkPhase(typePrefix, 'fulfilled'), (state, action) => {
      if (current(state, action)) (state as WithRequest).request = { ...idleRequest, status: 'succeeded' };
    })
    .addMatcher(thunkPhase(typePrefix, 'rejected'), (state, action) => {
      if (!current(state, action)) return;
      const error = (action.payload as ApiErrorValue | undefined) ?? unknownError;
      (state as WithRequest).request = wasCancelled(action)
        ? idleRequest
        : { ...idleRequest, status: 'failed', error: failureMessage(error) };
    });
}

const unknownError: ApiErrorValue = { status: 0, code: 'unknown', message: '' };

/**
 * The page showing a request was left: what a finished run said goes with it (the next visit starts
 * afresh, as a page does), while a run still on its way keeps its state and settles when it ends.
 */
export const afterPageLeft = (request: RequestState): RequestState => (request.status === 'pending' ? request : idleRequest);

/** `initial` (a slice after "Start over") with the request state of `state`: a run on its way ends as it ends. */
export const withRequestOf = <S extends WithRequest>(state: S, initial: S): S =>
  (state.request === undefined ? initial : { ...initial, request: state.request });

/** The slice as the device copy holds it: without its request state (the same object when it has none). */
export function withoutRequest<T>(slice: T): T {
  if (slice === null || typeof slice !== 'object' || !(REQUEST_KEY in slice)) return slice;
  const { [REQUEST_KEY]: _request, ...rest } = slice as Record<string, unknown>;
  return rest as T;
}

/** Two versions of a slice hold the same data: the same fields, by reference, request state aside. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  keys.delete(REQUEST_KEY);
  for (const key of keys) if (left[key] !== right[key]) return false;
  return true;
}

/**
 * Waits `ms` (a 429's pause before the retry): true once waited, false at once when `signal` aborts (the
 * page was left, and the run with it).
 */
export const pause = (ms: number, signal: AbortSignal): Promise<boolean> =>
  new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
