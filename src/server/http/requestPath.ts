// Each request's path, judged once before routing (Fastify's `rewriteUrl`, set in app.ts) and read from here by
// every part that acts on a path: draining, rate limits and budgets, the Origin check, the static client, the
// API's headers. A target that is not canonical is handed to the router as a path no route has, so no handler
// and no route's hooks see it; the path gate answers it (plugins/pathGate.ts). The lint keeps every other
// module off the URL as sent (`no-restricted-syntax` on `.url` of a request and `originalUrl`).
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { judgeTarget, type PathVerdict } from './canonicalPath.ts';

/** What the router is given for a refused target: no route matches a path without its leading slash. */
const UNROUTABLE = 'refused-path';

const verdicts = new WeakMap<IncomingMessage, PathVerdict>();

function verdictOf(raw: IncomingMessage): PathVerdict {
  let verdict = verdicts.get(raw);
  if (verdict === undefined) {
    verdict = judgeTarget(raw.url ?? '/');
    verdicts.set(raw, verdict);
  }
  return verdict;
}

/** Fastify's `rewriteUrl`: the target unchanged when it is canonical, else a path that reaches no route. */
export function routeOnlyCanonical(raw: IncomingMessage): string {
  return verdictOf(raw).kind === 'canonical' ? raw.url ?? '/' : UNROUTABLE;
}

/** How the request's target was judged. */
export const pathVerdict = (request: FastifyRequest): PathVerdict => verdictOf(request.raw);

/** The request's path as the server understands it (no query string): the only path any part acts on. */
export const requestPath = (request: FastifyRequest): string => verdictOf(request.raw).path;
