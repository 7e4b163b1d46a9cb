/**
 * One chunk for the code the app fetches once its first page is live: analytics (every stage's events, the
 * delivery, the browser's sinks), the feedback form and the service worker's registration. None of it is in a
 * page's first load; fetched as separate chunks it was a request each in the moments after the page went live, and a
 * phone pays a round trip for each before the page is quiet (Lighthouse's total blocking time on a returning
 * /topics rose with them; `BENCH_ROUTES=/topics npx tsx test/bench/run.ts --only routes`). The remote sync's
 * steps stay a chunk of their own: edits an earlier visit left unsent are sent as soon as the page is on screen,
 * before it is live. Only modules nothing in the first load imports belong here: the shell would otherwise import
 * this chunk.
 */
const AFTER_LIVE = /\/src\/(?:features\/(?:analytics\/(?:startAnalytics|listeners|eventMap|eventDelivery|browserAnalytics|gtm|analyticsThunks)\.ts|\w+\/analytics\.ts|feedback\/FeedbackForm\.tsx)|client-core\/analyticsRules\.ts|app\/pwa\/serviceWorker\.ts)$/;

export const afterLiveChunk = (moduleId: string): string | null => (AFTER_LIVE.test(moduleId) ? 'after-live' : null);
