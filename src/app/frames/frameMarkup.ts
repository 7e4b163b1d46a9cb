// Pure helpers of the build's frame step (prerenderFrames.ts does the file I/O): write a route's server-rendered
// page into the built HTML template as that route's frame.
//
// A frame is the page as a student with nothing on this device would first see it: the app's own first render
// of the route with an empty store (renderFrames.tsx), which the app then hydrates. It holds no student data.
// Until the student's data is known the page's controls are disabled, with 'Loading your data...' over it (the app renders
// both, so they are in the markup already).
import { deferEntryScript } from '../../build/builtChunks.ts';
import { FRAME_ATTRIBUTE } from './marks.ts';

export const APP_HTML_MARKER = '<!--app-html-->';
/** The id of the empty element after #root, which the first paint waits for. */
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

/** The built template with `markup` (React's, untouched: it is hydrated) in #root, and `head` in <head>. */
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
  // The end mark sits outside #root: React hydrates #root's content and expects nothing else in it.
  // Replacer functions: the markup may hold '$' that a replacement string would interpret.
  // The scripts are requested once the frame has painted: see deferEntryScript.
  return deferEntryScript(template
    .replace(rootWithMarker, () => `<div id="root" ${FRAME_ATTRIBUTE}="">${markup}</div><template id="${FRAME_END_ID}"></template>`)
    .replace('</head>', () => `${tags.map((tag) => `  ${tag}\n  `).join('')}</head>`));
}
