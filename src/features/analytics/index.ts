// The analytics feature's public face for the app's first load: the slice, the recorder that holds what happens
// before the rest arrives, the consent read at start-up and the layout's root. The listener, the event table and
// the browser's sinks are started by startAnalytics.ts, which the app loads once its first page is live.
export { analyticsSlice, pageViewed, consentChanged, eventTracked, selectConsent } from './analyticsSlice.ts';
export type { AnalyticsState, Consent } from './analyticsSlice.ts';
export { recordActions } from './recorder.ts';
export { storedConsent } from './browserConsent.ts';
export { AnalyticsRoot } from './AnalyticsRoot.tsx';
