// Runs first, before each client test file. The client files share their worker's page and module cache
// (isolate: false, see test/vitest.config.ts): building a page and importing the app anew for every file cost
// more than the tests themselves. So each file starts as if alone, and what it started does not outlive it:
// - at its start, the app's modules are imported anew (a fresh store, slices, localforage choosing its driver
//   again) and the page has an empty IndexedDB;
// - at its end, whatever it left running is stopped: requests and frames still pending, and what the app's code
//   started (timers, listeners on the window, the document, <html> and <body>, BroadcastChannels); the page is
//   emptied and sent back to its first URL.
// Otherwise an earlier file's app could wake up (an analytics retry, an `online` event, another "tab") and
// send through the next file's fake of the network.
import { IDBFactory } from 'fake-indexeddb';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, vi } from 'vitest';

type Listener = [target: EventTarget, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions];

interface Started {
  /** Timeouts and intervals the app started and nothing has cleared (a timeout leaves once it has run). */
  timers: Set<ReturnType<typeof setTimeout>>;
  listeners: Listener[];
  channels: Set<BroadcastChannel>;
  /** The page's URL and the navigator's own properties before any file ran. */
  firstUrl: string;
  navigatorProperties: Set<string>;
}

const STARTED = Symbol.for('essay-studio.test.started');
const APP_SOURCE = new URL('../../src/', import.meta.url).pathname;

/**
 * Whether the app's own code is on the stack of `caller`'s call. Only what the app starts is the file's: React DOM
 * and user-event set up the page once for the worker (listeners on the document, a scheduler's timer), and
 * stopping those would break the files after.
 */
function startedByApp(caller: (...args: never[]) => unknown): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const trace: { stack?: string } = {};
  Error.captureStackTrace(trace, caller);
  Error.stackTraceLimit = limit;
  return trace.stack?.includes(APP_SOURCE) ?? false;
}
const page = globalThis as typeof globalThis & { [STARTED]?: Started; happyDOM: HappyDomWindow['happyDOM'] };

/** Once per worker: the page's timers, listeners and channels are noted as they start, so a file's end can stop them. */
function watchWhatStarts(): Started {
  const started: Started = {
    timers: new Set(), listeners: [], channels: new Set(),
    firstUrl: location.href, navigatorProperties: new Set(Object.getOwnPropertyNames(navigator)),
  };
  const { setTimeout: startTimeout, setInterval: startInterval, clearTimeout: stopTimer } = globalThis;
  const timeout = (handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (!startedByApp(timeout)) return startTimeout(handler, delay, ...args);
    const timer = startTimeout((...callArgs: unknown[]) => {
      started.timers.delete(timer);
      handler(...callArgs);
    }, delay, ...args);
    started.timers.add(timer);
    return timer;
  };
  const interval = (handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const timer = startInterval(handler, delay, ...args);
    if (startedByApp(interval)) started.timers.add(timer);
    return timer;
  };
  // One pool of timers, as in a browser: either clear function stops a timeout or an interval.
  const clearTimer = (timer?: ReturnType<typeof setTimeout>) => {
    if (timer !== undefined) started.timers.delete(timer);
    stopTimer(timer);
  };
  globalThis.setTimeout = timeout as typeof setTimeout;
  globalThis.setInterval = interval as typeof setInterval;
  globalThis.clearTimeout = clearTimer as typeof clearTimeout;
  globalThis.clearInterval = clearTimer as typeof clearInterval;

  const listen = (target: EventTarget, add: EventTarget['addEventListener']): EventTarget['addEventListener'] => {
    const addListener: EventTarget['addEventListener'] = (type, listener, options) => {
      if (listener && startedByApp(addListener)) started.listeners.push([target, type, listener, options]);
      add.call(target, type, listener, options);
    };
    return addListener;
  };
  // The window, the document and its two elements that stay from file to file (<html> takes the landing page's
  // exit-intent watch): a listener left there by one file's app would wake it up in the next file.
  for (const target of [globalThis as unknown as EventTarget, document, document.documentElement, document.body]) {
    target.addEventListener = listen(target, target.addEventListener);
  }

  const Channel = globalThis.BroadcastChannel;
  globalThis.BroadcastChannel = class extends Channel {
    constructor(name: string) {
      super(name);
      started.channels.add(this);
    }
    override close() {
      started.channels.delete(this);
      super.close();
    }
  };
  return started;
}

const started = (page[STARTED] ??= watchWhatStarts());

vi.resetModules();
globalThis.indexedDB = new IDBFactory();

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Requests, animation frames and the page's own timers, cancelled at once: aborted requests reject, so their
  // handlers run (and may start a retry's timer) before the app's timers are stopped below. The cancelling is
  // done when abort() returns; its promise, which waits for the page to go idle, never settled after the file
  // whose tests switch fake timers on and off (popupTriggers.test.ts), so it is not awaited.
  void page.happyDOM.abort();
  await new Promise((resolve) => setImmediate(resolve));
  for (const timer of started.timers) clearTimeout(timer);
  for (const [target, type, listener, options] of started.listeners.splice(0)) target.removeEventListener(type, listener, options);
  for (const channel of started.channels) channel.close();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  for (const name of Object.getOwnPropertyNames(navigator)) {
    if (!started.navigatorProperties.has(name)) Reflect.deleteProperty(navigator, name);
  }
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  page.happyDOM.setURL(started.firstUrl);
});
