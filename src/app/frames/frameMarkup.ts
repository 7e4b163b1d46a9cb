// Pure helpers of the build's frame step (src/features/landing/prerender.ts does the file I/O): turn a page's
// server-rendered markup into a frame nothing can be typed into or clicked, and write it into the built
// HTML template as that route's page.
//
// A frame is the page as a student with nothing on this device would first see it. It is replaced by the app
// as soon as the device copy is read, so anything typed into it would be lost: every control is disabled and
// every link loses its address (it is no longer a link, so it can be neither focused nor followed), and
// 'Loading your data...' shows over it until then.
import { MESSAGES } from '../../common/messages.ts';
import { deferEntryScript } from '../../features/landing/prerenderPages.ts';

export const APP_HTML_MARKER = '<!--app-html-->';
/** The attribute on #root that tells the app a frame is showing (src/app/startApp.tsx). */
export const FRAME_ATTRIBUTE = 'data-frame';
/**
 * The user-timing mark of the commit where the live page replaces the frame (or first shows, without one): from
 * then on the student can type. The route benchmark counts the JavaScript fetched before it.
 */
export const APP_LIVE_MARK = 'essay-studio:app-live';
/** The id of the frame's last element (an empty template after its status), which the first paint waits for. */
const FRAME_END_ID = 'frame-end';

/**
 * The file the server sends for `path` ('/topics' → 'topics.html'): a top-level HTML file of the build, so
 * the server's Content-Security-Policy allows its inline stylesheet and scripts (src/server/plugins/client.ts
 * reads the route back from the name), and the service worker's precache answers `/topics` with it (Workbox
 * tries the address with `.html` added).
 */
export const frameFileName = (path: string): string => `${path.replace(/^\/+/, '')}.html`;

export interface FrameHead {
  /** The stylesheets' text (the app's and the page's), inlined so the first paint waits for no request. */
  styles: string;
  /** Those stylesheets' URLs (see framePage). */
  stylesheetHrefs: string[];
  /** The scripts the page needs (the app's entry chunks and the page's), requested after its first paint. */
  modulePreloads: string[];
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The built template with `markup` (already inert) as the route's frame in #root, and `head` in <head>. */
export function framePage(template: string, markup: string, head: FrameHead): string {
  const rootWithMarker = `<div id="root">${APP_HTML_MARKER}</div>`;
  if (!template.includes(rootWithMarker)) throw new Error(`The built template has no ${rootWithMarker}`);
  if (/<\/style/i.test(head.styles)) throw new Error('A frame stylesheet must not contain </style');
  if (/\sstyle\s*=/i.test(markup)) {
    throw new Error('A frame must not carry style attributes (the Content-Security-Policy allows none)');
  }
  const tags = [
    // No paint before the whole frame is parsed: on a busy phone the parser may yield halfway through the
    // document, and a paint of half a header that then fills in moves what was already shown (a layout shift).
    `<link rel="expect" href="#${FRAME_END_ID}" blocking="render">`,
    `<style>${head.styles.trim()}</style>`,
    // The same stylesheets as disabled links: never fetched nor applied, but when the app's chunks load, Vite's
    // loader finds them already in the page and does not add them again. Added again, they would come after
    // the page's inline styles in the cascade, and until the page's own stylesheet followed, a rule of the
    // page that overrides one of the app's would briefly lose (a layout shift).
    ...head.stylesheetHrefs.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" disabled>`),
    ...head.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ];
  // The first paint waits for the empty element after the status: Chromium lifts the wait once the element
  // named is in the document, so naming the status itself let a busy phone paint it before its text (then
  // the pill grew around the text: a layout shift).
  const status = `<p id="frame-status" class="frame-status" role="status">${MESSAGES.loading}</p><template id="${FRAME_END_ID}"></template>`;
  // The frame is a picture of the page to come: hidden from assistive technology (and from anything that finds
  // elements by their role), which hears only the status until the page itself is there.
  const hidden = markup.replace(/^\s*<([a-z][a-z0-9]*)\b/i, '<$1 aria-hidden="true"');
  if (hidden === markup) throw new Error('A frame must start with an element');
  // Replacer functions: the markup may hold '$' that a replacement string would interpret.
  // The scripts are requested once the frame has painted: see deferEntryScript.
  return deferEntryScript(template
    .replace(rootWithMarker, () => `<div id="root" ${FRAME_ATTRIBUTE}="" aria-busy="true">${hidden}${status}</div>`)
    .replace('</head>', () => `${tags.map((tag) => `  ${tag}\n  `).join('')}</head>`));
}
