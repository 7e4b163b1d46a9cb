// Analytics as a stage of the app (src/app/stages.ts): its slice, its root on every layout page, and its start:
// the consent read at once and a recorder holding what happens until its code (the delivery, the browser's sinks,
// and every stage's events from the list) arrives once the first page is live and idle.
import type { Stage, StageDeclaration } from '../../client-core/stage.ts';
import type { AppStoreApi } from '../../app/hooks.ts';
import { AnalyticsRoot } from './AnalyticsRoot.tsx';
import { analyticsSlice, consentChanged } from './analyticsSlice.ts';
import { storedConsent } from './browserConsent.ts';
import { recordActions } from './recorder.ts';

function startAnalytics(store: AppStoreApi, stages: readonly StageDeclaration[]): (running: () => boolean) => void {
  const recorder = recordActions(store);
  store.dispatch(consentChanged(storedConsent()));
  let started = false;
  // Offline before the app is installed the code cannot come: nothing could be sent anyway, and the recorder
  // keeps a bounded list meanwhile.
  return (running) => {
    if (started) return;
    started = true;
    void import('./startAnalytics.ts').then(async ({ createBrowserAnalytics, loadEventRules, startAnalytics: start }) => {
      const rules = await loadEventRules(stages);
      if (running()) start(store, createBrowserAnalytics(), rules, recorder.take());
    }, () => {});
  };
}

const slices = [analyticsSlice] as const;

export const analyticsStage: Stage<typeof slices> = {
  name: 'analytics',
  slices,
  analytics: () => import('./analytics.ts'),
  layoutSlots: [AnalyticsRoot],
  start: startAnalytics,
};
