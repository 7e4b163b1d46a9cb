// Whether a request is an API call, judged by the path the server understands (http/requestPath.ts) rather than
// by its spelling: `/%61pi/x` names the API too, and meets the API's no-store header on its way to being refused.
// A matched route decides first; the request's canonical path covers the rest (404s and refusals).
import type { FastifyRequest } from 'fastify';
import { requestPath } from './requestPath.ts';

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== '/*' && route !== '*') return isApiPath(route);
  return isApiPath(requestPath(request));
}
