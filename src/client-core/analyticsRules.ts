// A stage's analytics: rows of the event map, in the stage's own analytics.ts, which its stage.ts names as a
// module loaded once the page is live (`analytics: () => import('./analytics.ts')`). A row is bound to the action
// creators themselves (their `.match`, or `isAnyOf` for several), so a builder reads a typed payload, and renaming
// or removing an action a row listens to fails to compile. Features never call analytics: the analytics stage
// joins every stage's rows from the list of stages (src/features/analytics/eventMap.ts).
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AnalyticsEvent } from '../common/analytics/analyticsEvents.ts';
import { ANALYTICS_ERROR_MESSAGE_MAX } from '../common/limits/limits.ts';
import type { FlowErrorEvent } from './flowEvents.ts';

/** What a builder may read besides the action: the state and where the student is. */
export type EventContext = { state: unknown; pagePath: string };
export type EventBody = Pick<AnalyticsEvent, 'name' | 'params'>;

/** One row: the actions it matches (typed by the matcher) and the event it builds (none: nothing is sent). */
export type EventRule = {
  matches: (action: unknown) => boolean;
  build: (action: UnknownAction, context: EventContext) => EventBody | null;
};

/** A stage's analytics module. */
export type StageAnalytics = { default: readonly EventRule[] };

type Matcher<A> = ((action: unknown) => action is A) | { match: (action: unknown) => action is A };

/** A row for the actions `matcher` accepts; `build` sees the action as the matcher types it. */
export const on = <A extends UnknownAction>(matcher: Matcher<A>, build: (action: A, context: EventContext) => EventBody | null): EventRule => {
  // An action creator is a function too: its own `.match` is the test, never a call of it.
  const matches = 'match' in matcher ? matcher.match : matcher;
  return { matches, build: (action, context) => build(action as A, context) };
};

/** A failure the stage reports itself (once, after its own retries): no second, generic error_occurred. */
export const reportedByStage = <A extends UnknownAction>(matcher: Matcher<A>): EventRule => on(matcher, () => null);

export const USD = 'USD' as const;

/** Events never carry an e-mail address: one inside an error text is masked before the cut to 100. */
export const errorText = (text: string): string =>
  text.replace(/(?<![^\s@])[^\s@]+@(?=[^\s@]+\.[^\s@])[^\s@]+/g, '[email]').slice(0, ANALYTICS_ERROR_MESSAGE_MAX);

/** error_occurred for a step of the essay flow that failed for good. */
export const flowErrorEvent = ({ payload: { name, message, context } }: { payload: FlowErrorEvent }, { pagePath }: EventContext): EventBody => ({
  name: 'error_occurred',
  params: { error_name: errorText(name), error_message: errorText(message), error_context: errorText(context), page_path: pagePath },
});

/** essay_downloaded, from either essay page. */
export const downloadEvent = ({ payload }: { payload: { format: 'txt' | 'docx' } }): EventBody => (
  { name: 'essay_downloaded', params: { download_format: payload.format } });
