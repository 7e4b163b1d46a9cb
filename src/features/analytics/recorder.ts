// What the app does before its analytics code has arrived (startApp loads it once the first page is live, so
// none of it is in a page's first load): each action with the state it left and the address and time it
// happened at, handed to the analytics listener when it starts (startAnalytics.ts), which maps them as it would
// have then. Kept in memory only: a visitor who leaves within the first second takes their page view along.
import type { UnknownAction } from '@reduxjs/toolkit';
import { addAppListener } from '../../app/hooks.ts';
import type { AppStoreApi } from '../../app/hooks.ts';

export type RecordedAction = { action: UnknownAction; state: unknown; pagePath: string; at: Date };

/** Far more than a start-up dispatches; past it the oldest go, so a page that never goes live holds little. */
export const MAX_RECORDED = 500;

/** Records from now on; `take` stops recording and hands over what was recorded. */
export function recordActions(store: AppStoreApi, pagePath = () => window.location.pathname): { take: () => RecordedAction[] } {
  const recorded: RecordedAction[] = [];
  const stop = store.dispatch(addAppListener({
    predicate: () => true,
    effect: (action, api) => {
      recorded.push({ action, state: api.getState(), pagePath: pagePath(), at: new Date() });
      if (recorded.length > MAX_RECORDED) recorded.shift();
    },
  }));
  return {
    take: () => {
      stop();
      return recorded.splice(0);
    },
  };
}
