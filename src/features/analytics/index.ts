// The analytics feature's public face: the slice, the listener, the browser's sinks and the layout's root.
export { analyticsSlice, pageViewed, consentChanged, eventTracked, selectConsent } from './analyticsSlice.ts';
export type { AnalyticsState, Consent } from './analyticsSlice.ts';
export { addAnalyticsListeners } from './listeners.ts';
export { watchBrowser } from './eventDelivery.ts';
export type { AnalyticsSinks } from './listeners.ts';
export { createBrowserAnalytics, storedConsent } from './browserAnalytics.ts';
export { AnalyticsRoot } from './AnalyticsRoot.tsx';
export { EVENT_RULES, on } from './eventMap.ts';
