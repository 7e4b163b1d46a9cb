// Whether a request is an API call, judged by the path the server understands rather than by its spelling:
// `/%61pi/x`, `//api/x`, `/API/x` and `/api/../api/x` all name the API, so all of them meet the API's rate
// limits and its no-store header. A matched route decides first; the canonical path covers the rest (404s).
import type { FastifyRequest } from 'fastify';

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

const percentDecoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The request target's path, percent-decoded, with duplicate slashes and dot segments resolved, lower-cased. */
export function canonicalPath(url: string): string {
  const path = percentDecoded(url.split('?', 1)[0] ?? url).replaceAll('\\', '/');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = path.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`.toLowerCase();
}

/** An encoded slash or backslash in the path: no route takes one, and proxies disagree on what it means. */
export const hasEncodedSlash = (url: string): boolean => /%(2f|5c)/i.test(url.split('?', 1)[0] ?? url);

export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== '/*' && route !== '*') return isApiPath(route);
  return isApiPath(canonicalPath(request.url));
}
