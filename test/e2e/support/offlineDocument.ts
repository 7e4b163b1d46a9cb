// Playwright's setOffline is Chromium's network emulation. Debian's Chromium 150 applies it to the requests of
// a document opened while offline but not to that document's `navigator.onLine`, which says true (and no
// `online` event follows when the connection comes back), while a student's browser, offline for real, says
// false from the first script on. So a journey that opens a document offline pauses it before its first
// script (a DevTools instrumentation breakpoint) and has Playwright send its emulation again, which reaches
// `navigator.onLine`; only then does the document's first script run.
import type { Page } from '@playwright/test';

/** Runs `navigate` (a reload, a goto) while offline, so the new document starts knowing it is offline. */
export async function openOffline(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  const context = page.context();
  const session = await context.newCDPSession(page);
  session.on('Debugger.paused', (paused: { callFrames: { callFrameId: string }[] }) => {
    const frame = paused.callFrames[0]?.callFrameId;
    const reportsOnline = frame === undefined
      ? Promise.resolve(false)
      : session.send('Debugger.evaluateOnCallFrame', { callFrameId: frame, expression: 'navigator.onLine' })
        .then((answer) => answer.result.value === true);
    // Only a document that reports online is set right: the emulation goes off and on again while no script
    // of it has run, so nothing of the app hears the moment between.
    void reportsOnline
      .then((online) => (online ? context.setOffline(false).then(() => context.setOffline(true)) : undefined))
      .then(() => session.send('Debugger.resume'))
      .catch(() => {}); // the document went away meanwhile: the next one pauses again
  });
  await session.send('Debugger.enable');
  await session.send('DOMDebugger.setInstrumentationBreakpoint', { eventName: 'scriptFirstStatement' });
  try {
    await navigate();
  } finally {
    // Left attached: detaching the session takes the new document's navigator.onLine back to true.
    await session.send('DOMDebugger.removeInstrumentationBreakpoint', { eventName: 'scriptFirstStatement' }).catch(() => {});
    await session.send('Debugger.disable').catch(() => {});
  }
}
