// Request state, kept the same way by every stage: in a slice of its own (`<stage>Requests`, one key per
// call), set by the stage's thunk (pending, then fulfilled or rejected, matched by the thunk's own action
// creators) and by the events of its wait before a retry. It describes this page's run of a call, never the
// student's data, and no stage names its requests slice among what the device keeps: it never reaches the
// device copy or the remote one, and a status change neither writes the device copy nor counts as an edit.
import { createSlice } from '@reduxjs/toolkit';
import type { ActionCreatorWithoutPayload, ActionReducerMapBuilder, Draft, UnknownAction } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../api/index.ts';
import { addPageSlice } from './pageSlices.ts';

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

/** A thunk's three lifecycle action creators (createAsyncThunk's), matched by the creators themselves. */
type PhaseCreator = { match: (action: unknown) => action is ThunkPhaseAction };
type ThunkPhases = { pending: PhaseCreator; fulfilled: PhaseCreator; rejected: PhaseCreator };

/**
 * Matches one phase of the thunk `typePrefix` by its type, for a slice the thunk's own module dispatches to: the
 * analytics queue (its sending thunk comes once the page is live) and the remote sync's run.
 */
export const thunkPhase = (typePrefix: string, phase: 'pending' | 'fulfilled' | 'rejected') =>
  (action: UnknownAction): action is ThunkPhaseAction => action.type === `${typePrefix}/${phase}`;

/**
 * Whether the call `key` of the requests slice `slice` is on its way: the thunk's `condition`, one run at a time.
 * A page's requests slice is injected with the page (pageSlices.ts), so the thunk reads it by name.
 */
export const isPending = (state: object, slice: string, key: string): boolean =>
  (state as Record<string, Record<string, RequestState> | undefined>)[slice]?.[key]?.status === 'pending';

/** A run cancelled by the page (leaving it) is no failure: it leaves the request idle and says nothing. */
const wasCancelled = (action: ThunkPhaseAction): boolean =>
  action.meta.aborted === true || (action.payload as ApiErrorValue | undefined)?.code === 'aborted';

/**
 * Keeps `state[key]`, the request state of `thunk`: pending on start, succeeded or failed (with the page's words
 * for the failure, from `failureMessage`) when the current run ends.
 */
export function addRequestCases<S extends Record<string, RequestState>>(
  builder: ActionReducerMapBuilder<S>,
  key: keyof S & string,
  thunk: ThunkPhases,
  failureMessage: (error: ApiErrorValue) => string,
): void {
  const requests = (state: Draft<S>) => state as Record<string, RequestState>;
  const current = (state: Draft<S>, action: ThunkPhaseAction) => requests(state)[key]?.requestId === action.meta.requestId;
  builder
    .addMatcher(thunk.pending.match, (state, action) => {
      requests(state)[key] = { status: 'pending', error: null, notice: null, requestId: action.meta.requestId };
    })
    .addMatcher(thunk.fulfilled.match, (state, action) => {
      if (current(state, action)) requests(state)[key] = { ...idleRequest, status: 'succeeded' };
    })
    .addMatcher(thunk.rejected.match, (state, action) => {
      if (!current(state, action)) return;
      const error = (action.payload as ApiErrorValue | undefined) ?? unknownError;
      requests(state)[key] = wasCancelled(action) ? idleRequest : { ...idleRequest, status: 'failed', error: failureMessage(error) };
    });
}

const unknownError: ApiErrorValue = { status: 0, code: 'unknown', message: '' };

/**
 * The page showing a request was left: what a finished run said goes with it (the next visit starts
 * afresh, as a page does), while a run still on its way keeps its state and settles when it ends.
 */
export const afterPageLeft = (request: RequestState): RequestState => (request.status === 'pending' ? request : idleRequest);

type PageRequests = Record<string, RequestState>;

/**
 * The requests slice of a page with one call (`name`, the call's state under `key`, as `isPending` reads it),
 * set by `thunk`. Leaving the page (`pageLeft`) ends what the request said: a run still on its way settles when
 * it ends, unless the page aborts its run as it goes (`abortsOnLeave`): then the request is over at once, and a
 * page opened again straight away may start the next. `alsoFollows` adds the cases of its other events (a 429's
 * wait). Registered with the page (pageSlices.ts); returns the call's selector.
 */
export function pageRequest(options: {
  name: string;
  key: string;
  thunk: ThunkPhases;
  failureMessage: (error: ApiErrorValue) => string;
  pageLeft: ActionCreatorWithoutPayload;
  abortsOnLeave?: boolean;
  alsoFollows?: (builder: ActionReducerMapBuilder<PageRequests>) => void;
}): (state: object) => RequestState {
  const { name, key } = options;
  addPageSlice(createSlice({
    name,
    initialState: { [key]: idleRequest } as PageRequests,
    reducers: {},
    extraReducers: (builder) => {
      options.alsoFollows?.(builder);
      builder.addCase(options.pageLeft, (state) => {
        state[key] = options.abortsOnLeave ? idleRequest : afterPageLeft(state[key] ?? idleRequest);
      });
      addRequestCases(builder, key, options.thunk, options.failureMessage);
    },
  }));
  return (state) => (state as Record<string, PageRequests | undefined>)[name]?.[key] ?? idleRequest;
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
