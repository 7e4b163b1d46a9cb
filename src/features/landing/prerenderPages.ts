// Pure helpers of the build's prerender step (prerender.ts does the file I/O): find the landing page's
// assets in Vite's manifest and write them, with the pre-rendered markup, into the built index.html.
//
// The pre-rendered page keeps the requests before its first paint to the scripts main.tsx needs at once:
// - its stylesheet is inlined in a <style> (the server's Content-Security-Policy allows every inline
//   <style> of the built HTML by its sha256 hash, computed at start-up);
// - the favicon is inlined as a data: URI (img-src allows data:);
// - the small hydrateLanding chunk is modulepreloaded so it arrives with the entry, not after it;
// - React arrives after the first paint (see hydrateLanding.tsx).
// Each request before the first paint costs a round trip or a new connection on a phone (Lighthouse's LCP).
import type { Manifest } from 'vite';
import { appEntries, deferEntryScript, staticClosure } from '../../build/builtChunks.ts';

export const APP_HTML_MARKER = '<!--app-html-->';
/** Manifest keys are paths from the project root. main.tsx imports this module dynamically on '/'. */
export const LANDING_ENTRY = 'src/features/landing/hydrateLanding.tsx';
export const LANDING_CSS = 'src/features/landing/landing.css';
export const FAVICON_LINK = /<link rel="icon" href="\/favicon\.svg"/;

export interface LandingAssets {
  /** The built stylesheet, relative to the output directory. */
  cssFile: string;
  /** The landing entry chunk and what it imports statically (never React), as URLs to modulepreload. */
  modulePreloads: string[];
}

export interface LandingHead {
  /** The landing stylesheet's text, to inline. */
  styles: string;
  modulePreloads: string[];
  /** The favicon's SVG text, inlined into the icon link when the template links /favicon.svg. */
  faviconSvg?: string;
}

/** Manifest keys of what app.html starts loading at once: the app's entry and the questionnaire's page. */
const appShellEntries = (manifest: Manifest): string[] =>
  [...appEntries(manifest), 'src/features/wizard/FormPage.tsx'].filter((key) => manifest[key]);

export interface AppShellAssets {
  modulePreloads: string[];
  stylesheets: string[];
}

/**
 * app.html's head: the app's chunks modulepreloaded and its stylesheets linked, so a returning student's
 * questionnaire does not wait for main.js to ask for startApp, then startApp for the page (a cold reload).
 */
export function appShellAssets(manifest: Manifest, base = '/'): AppShellAssets {
  const chunks = appShellEntries(manifest).flatMap((key) => staticClosure(manifest, key));
  const unique = <T>(items: T[]) => [...new Set(items)];
  return {
    modulePreloads: unique(chunks.map((chunk) => base + chunk.file)),
    stylesheets: unique(chunks.flatMap((chunk) => chunk.css ?? []).map((file) => base + file)),
  };
}

export function landingAssets(manifest: Manifest, base = '/'): LandingAssets {
  const css = manifest[LANDING_CSS];
  if (!css) throw new Error(`Vite's manifest has no "${LANDING_CSS}": is build.manifest enabled?`);
  // When the entry imports hydrateLanding.tsx statically it has no chunk of its own: nothing to preload.
  const entryChunks = manifest[LANDING_ENTRY] ? staticClosure(manifest, LANDING_ENTRY) : [];
  return { cssFile: css.file, modulePreloads: entryChunks.map((chunk) => base + chunk.file) };
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export const svgDataUri = (svg: string): string =>
  `data:image/svg+xml,${encodeURIComponent(svg.trim().replace(/\s+/g, ' '))}`;

/**
 * index.html: the markup inside #root, the inline stylesheet and the modulepreloads in <head>.
 * app.html: the template for every other client route, with the app's own chunks and stylesheets in <head>
 * and `appMarkup` in #root: the app's loading screen, so the page paints before any JavaScript has arrived
 * (the app replaces it when it renders; nothing in it can be typed into, so nothing is lost).
 */
export function buildPages(
  template: string,
  markup: string,
  head: LandingHead,
  appHead: AppShellAssets = { modulePreloads: [], stylesheets: [] },
  appMarkup = '',
): { index: string; app: string } {
  if (!template.includes(APP_HTML_MARKER)) {
    throw new Error(
      `The built index.html has no ${APP_HTML_MARKER} marker inside #root (already pre-rendered? run vite build first)`,
    );
  }
  if (!template.includes('</head>')) throw new Error('The built index.html has no </head>');
  if (/<\/style/i.test(head.styles)) throw new Error('The landing stylesheet must not contain </style');
  const tags = [
    `<style>${head.styles.trim()}</style>`,
    ...head.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ];
  // Replacer functions throughout: the markup holds '$' (prices) that a replacement string would interpret.
  let index = deferEntryScript(template
    .replace(APP_HTML_MARKER, () => markup)
    .replace('</head>', () => `${tags.map((tag) => `  ${tag}\n  `).join('')}</head>`));
  const { faviconSvg } = head;
  if (faviconSvg) {
    index = index.replace(FAVICON_LINK, () => `<link rel="icon" href="${escapeAttribute(svgDataUri(faviconSvg))}"`);
  }
  const appTags = [
    ...appHead.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    ...appHead.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ];
  const app = template
    .replace(APP_HTML_MARKER, () => appMarkup)
    .replace('</head>', () => `${appTags.map((tag) => `  ${tag}\n  `).join('')}</head>`);
  return { index, app };
}
