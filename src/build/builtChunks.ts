// Build-time helpers shared by the two pre-render steps, the landing page's (src/features/landing/prerender.ts)
// and the app routes' frames (src/app/frames/prerenderFrames.ts): the chunks a page needs, read from Vite's
// manifest, and the entry script held back until the first paint.
import type { Manifest, ManifestChunk } from 'vite';

/** A chunk and the chunks it imports statically, minus the entry chunk that the template already loads. */
export function staticClosure(manifest: Manifest, key: string): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunkKey: string): void => {
    if (seen.has(chunkKey)) return;
    seen.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) throw new Error(`Vite's manifest has no chunk "${chunkKey}"`);
    if (chunk.isEntry) return;
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return chunks;
}

const APP_LOADER = 'src/app/loadApp.ts';

/**
 * Manifest keys of the app's entry for every path but /: its loader, then what the loader imports in steps
 * (the app's start, whichever chunk the bundler put it in), those of them the build has.
 */
export const appEntries = (manifest: Manifest): string[] =>
  [...new Set([APP_LOADER, ...(manifest[APP_LOADER]?.dynamicImports ?? []), 'src/app/startApp.tsx'])]
    .filter((key) => manifest[key]);

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Requests a pre-rendered page's entry script (and what it modulepreloads) from a few inline lines once the
 * browser reports the first contentful paint, so that paint never waits for scripts or shares a phone's
 * connection with them. The landing page is whole as HTML (its script only wires the deal buttons, the popup's
 * triggers and the referral code); an app route's frame paints the student's page, or a picture of it, before
 * the app is live. A browser without paint timing, or a hidden tab (it paints nothing anyone sees), requests
 * the scripts at once; a tab hidden before its first paint gets them after five seconds.
 */
export function deferEntryScript(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined) throw new Error('The built index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const urls = JSON.stringify({ entry, preloads }).replace(/</g, '\\u003c');
  const loader = `<script>(function(){var urls=${urls},started=false;function add(tag,set){var el=document.createElement(tag);`
    + `el.crossOrigin='';set(el);document.head.appendChild(el)}function load(){if(started)return;started=true;`
    + `urls.preloads.forEach(function(href){add('link',function(el){el.rel='modulepreload';el.href=href})});`
    + `add('script',function(el){el.type='module';el.src=urls.entry})}`
    + `var Observer=window.PerformanceObserver;if(document.visibilityState==='hidden'||!Observer`
    + `||!Observer.supportedEntryTypes||Observer.supportedEntryTypes.indexOf('paint')===-1){load();return}`
    + `new Observer(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length>0)`
    + `{observer.disconnect();load()}}).observe({type:'paint',buffered:true});setTimeout(load,5000)})()</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => `${loader}\n  `);
}

