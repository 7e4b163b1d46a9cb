// The Content-Security-Policy the built SPA satisfies. Inline <script> and <style> blocks in the built HTML are
// allowed by their sha256 hash (computed at start-up, so a rebuilt landing page needs no code change); style
// attributes in pre-rendered markup are allowed only when the markup has some.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InlineSources {
  scriptHashes: string[];
  styleHashes: string[];
  hasStyleAttributes: boolean;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
// A tag's attributes end at the next '<' or '>': stopping at both keeps the scan linear on any page.
const STYLE_ATTRIBUTE = /<[a-z][^<>]*\sstyle\s*=/i;

const hash = (content: string): string => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

const blocks = (html: string, pattern: RegExp): string[] =>
  [...html.matchAll(pattern)].map((match) => match[1] ?? '').filter((content) => content.trim() !== '');

/** Scans the top-level *.html files of the static directory (none when it does not exist). */
export function findInlineSources(staticDir: string): InlineSources {
  const pages = existsSync(staticDir)
    ? readdirSync(staticDir).filter((name) => name.endsWith('.html')).map((name) => readFileSync(join(staticDir, name), 'utf8'))
    : [];
  return {
    scriptHashes: [...new Set(pages.flatMap((html) => blocks(html, INLINE_SCRIPT)).map(hash))],
    styleHashes: [...new Set(pages.flatMap((html) => blocks(html, INLINE_STYLE)).map(hash))],
    hasStyleAttributes: pages.some((html) => STYLE_ATTRIBUTE.test(html)),
  };
}

/** Google Tag Manager and GA4's hosts, allowed only when a container is configured (and consent loads it). */
const GTM_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const GTM_CONNECT_HOSTS = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * `connectSources`: origins besides our own the browser may call (Firebase's, only when that backend is on);
 * `gtm`: whether a Tag Manager container is configured; `formTargets`: origins besides our own a form's
 * submission may end on (the Upgrade form's redirect to the payment provider's checkout page: browsers hold
 * a form's redirects to form-action too).
 */
export function cspDirectives(
  inline: InlineSources, https: boolean, connectSources: string[] = [], gtm = false, formTargets: string[] = [],
): Record<string, string[]> {
  const gtmHosts = (hosts: string[]) => (gtm ? hosts : []);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scriptHashes, ...gtmHosts(GTM_SCRIPT_HOSTS)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...inline.styleHashes],
    'style-src-attr': [inline.hasStyleAttributes ? "'unsafe-inline'" : "'none'"],
    'img-src': ["'self'", 'data:', ...gtmHosts(GTM_CONNECT_HOSTS)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectSources, ...gtmHosts(GTM_CONNECT_HOSTS)],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...formTargets],
    'frame-ancestors': ["'none'"],
    // Only behind HTTPS: on plain http://localhost it would send the page's own requests to https.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}
