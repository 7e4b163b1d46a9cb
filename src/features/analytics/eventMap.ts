// Which app action becomes which analytics event: every stage's rows (its analytics.ts, named by its stage.ts in
// the list of stages), and error_occurred for any other thunk that failed with an API error. referral_converted
// and webhook-only purchases happen on the server, which records them.
import { isRejectedWithValue } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { errorText } from '../../client-core/analyticsRules.ts';
import type { EventBody, EventContext, EventRule, StageAnalytics } from '../../client-core/analyticsRules.ts';

/** Every stage's rows, in the list's order (each stage's module comes in the chunk loaded once the page is live). */
export async function loadEventRules(stages: readonly { analytics?: () => Promise<StageAnalytics> }[]): Promise<EventRule[]> {
  const modules = await Promise.all(stages.map((stage) => stage.analytics?.()));
  return modules.flatMap((module) => module?.default ?? []);
}

const rejectedWithApiError = (action: unknown): action is UnknownAction & { payload: { code?: string; message?: unknown } } =>
  isRejectedWithValue(action) && typeof action.payload === 'object' && action.payload !== null;

/** Any thunk that failed with an API error becomes error_occurred, unless it was only cancelled. */
function errorEventFromRejection(action: UnknownAction, pagePath: string): EventBody | null {
  if (!rejectedWithApiError(action)) return null;
  const error = action.payload;
  if (typeof error.message !== 'string' || error.code === 'aborted') return null;
  const context = action.type.replace(/\/rejected$/, '');
  return {
    name: 'error_occurred',
    params: {
      error_name: errorText(error.code ?? 'error'),
      error_message: errorText(error.message),
      error_context: errorText(context),
      page_path: pagePath,
    },
  };
}

export type EventMap = {
  /** Whether the listener should look at this action at all. */
  mapsToEvent: (action: UnknownAction) => boolean;
  eventFor: (action: UnknownAction, context: EventContext) => EventBody | null;
};

/** The map of `rules`: the first row matching an action builds its event (a stage's own failures build none). */
export const createEventMap = (rules: readonly EventRule[]): EventMap => ({
  mapsToEvent: (action) => rules.some((rule) => rule.matches(action)) || rejectedWithApiError(action),
  eventFor: (action, context) => {
    const rule = rules.find((candidate) => candidate.matches(action));
    return rule ? rule.build(action, context) : errorEventFromRejection(action, context.pagePath);
  },
});
