/**
 * One chunk for the code the app fetches once its first page is live: analytics (its event table, delivery and
 * the browser's sinks), the remote sync's steps and the feedback form. None of it is in a page's first load;
 * fetched as three chunks it was three requests in the moments after the page went live, and a phone pays a
 * round trip for each before the page is quiet (Lighthouse's total blocking time on a returning /topics rose
 * with them; `BENCH_ROUTES=/topics npx tsx test/bench/run.ts --only routes`). Only modules nothing in the
 * first load imports belong here: the shell would otherwise import this chunk and preload it.
 */
const AFTER_LIVE = /\/src\/(?:features\/analytics\/(?:startAnalytics|listeners|eventMap|eventDelivery|browserAnalytics|gtm|analyticsThunks)\.ts|app\/persistence\/(?:syncSteps|versionSteps)\.ts|features\/feedback\/FeedbackForm\.tsx)$/;

export const afterLiveChunk = (moduleId: string): string | null => (AFTER_LIVE.test(moduleId) ? 'after-live' : null);
