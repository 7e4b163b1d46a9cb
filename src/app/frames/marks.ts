// Names the build, the app and the benchmarks share.

/**
 * The attribute on #root of a route's pre-rendered frame (frameMarkup.ts writes it): the app hydrates what
 * #root holds rather than rendering into it (src/app/startApp.tsx).
 */
export const FRAME_ATTRIBUTE = 'data-frame';

/**
 * The user-timing mark of the commit that makes the page live: the student's data shown, anything typed kept
 * (src/app/startApp.tsx). The route benchmark counts the JavaScript fetched before it.
 */
export const APP_LIVE_MARK = 'essay-studio:app-live';
