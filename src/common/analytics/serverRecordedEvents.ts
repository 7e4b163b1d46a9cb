/**
 * Events the server records itself, from the payment it saw (verify-session, the webhook, the local checkout):
 * the first-party store refuses them from browsers, so a forged batch cannot add revenue or conversions.
 * Browsers still hand `purchase` to Google Tag Manager, where GA4 expects it. A module of its own, free of zod,
 * because the browser's analytics slice needs the set at start-up and loads the event schemas only as types.
 */
export const SERVER_RECORDED_EVENT_NAMES: ReadonlySet<string> = new Set(['purchase', 'referral_converted']);
