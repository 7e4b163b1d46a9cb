// The request rates every route's budget declares (src/server/limits/budgets.ts), all counted in the one limit
// store, in this order:
// - per browser (the session cookie's uid), on the route or the counter its budget names; a request without a
//   session is counted by its network alone. A browser over its own figure is refused before its network is
//   counted, so one student's burst does not use up the allowance of the classmates sharing the address;
// - per network on the route, when the budget gives it a figure of its own;
// - the network's API allowance (RATE_LIMIT_MAX per window), shared by every call that reaches the database.
// A request no route matched (or only the static files' catch-all) counts as what it asked for: an unknown /api
// path as an API call (judged by the canonical path, never by how the URL was spelled), anything else as a page.
// Requests refused for what they are (another site's, a wrong secret) are refused before this hook, and counted
// apart (refusals.ts, src/server/secrets/). A route whose budget is counted
// after proof (the signed webhook) is left to count itself through `request.countProven()`, and never refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath, isApiRequest } from '../http/apiPath.ts';
import { HttpError } from '../http/errors.ts';
import { PAGE_BUDGET, type RateBudget, type RouteBudget, UNKNOWN_API_BUDGET } from '../limits/budgets.ts';
import type { LimitStore, LimitVerdict } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';
import { waitInWords } from '../limits/waitInWords.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one API call for the request's network, for work done outside the API (a page that reads the
     * database): false when the network has none left.
     */
    spendApiCall(request: FastifyRequest): Promise<boolean>;
  }
  interface FastifyRequest {
    /** Counts a request proven genuine against its route's per-network figure; past it, a warning, never a refusal. */
    countProven(): Promise<void>;
  }
}

export interface RateLimitsOptions {
  store: LimitStore;
  /** API calls per client network per window. */
  max: number;
  windowMs: number;
}

/** The refusal: the route's own words when it has them (not for the shared API allowance), else the standard ones. */
function tooMany(who: 'browser' | 'network', own: RateBudget['refusal'], retryAfterSeconds: number): HttpError {
  const from = who === 'browser' ? 'this browser' : 'your network';
  const message = `Too many requests from ${from}. Please wait ${waitInWords(retryAfterSeconds)} and try again.`;
  return HttpError.retryLater(own?.code ?? 'rate_limited', own?.message ?? message, retryAfterSeconds);
}

/**
 * The budget that counts this request: its route's, or for an unknown path the API's or the pages'. The static
 * files' catch-all (`/*`) matches every GET and HEAD, an unknown /api path too: that one is an API call all
 * the same, counted against the API allowance, not as a page.
 */
function budgetOf(request: FastifyRequest): RouteBudget {
  const unknownApi = isApiRequest(request) && !isApiPath(request.routeOptions.url ?? '');
  return unknownApi ? UNKNOWN_API_BUDGET : request.routeOptions.config.budget ?? PAGE_BUDGET;
}

const counterOf = (request: FastifyRequest, rate: RateBudget): string =>
  rate.counter ?? `${String(request.routeOptions.method)}:${request.routeOptions.url ?? ''}`;

async function rateLimits(app: FastifyInstance, options: RateLimitsOptions): Promise<void> {
  const { store } = options;
  const allowance = { max: options.max, windowMs: options.windowMs };

  /** One call from the request's network against the API's shared allowance (API routes and pages alike). */
  const hitApi = (request: FastifyRequest) => store.hit(`api:${networkKey(request.ip)}`, allowance);
  app.decorate('spendApiCall', async (request: FastifyRequest) => (await hitApi(request)).allowed);

  app.decorateRequest('countProven', async function countProven(this: FastifyRequest) {
    const { rate } = budgetOf(this);
    if (rate.perNetwork === null) return;
    const verdict = await store.hit(`rate:${counterOf(this, rate)}:network:${networkKey(this.ip)}`, { max: rate.perNetwork, windowMs: rate.windowMs });
    if (!verdict.allowed) this.log.warn({ count: verdict.count }, 'more proven requests than this route\'s budget expects');
  });

  app.addHook('onRequest', async (request) => {
    const { rate } = budgetOf(request);
    if (rate.countedAfterProof) return;
    const counter = counterOf(request, rate);
    const network = networkKey(request.ip);
    const check = (verdict: LimitVerdict, who: 'browser' | 'network', own: RateBudget['refusal']) => {
      if (!verdict.allowed) throw tooMany(who, own, verdict.retryAfterSeconds);
    };
    const uid = rate.perBrowser === null ? null : request.uid;
    if (uid !== null && rate.perBrowser !== null) {
      check(await store.hit(`rate:${counter}:browser:${uid}`, { max: rate.perBrowser, windowMs: rate.windowMs }), 'browser', rate.refusal);
    }
    if (rate.perNetwork !== null) {
      check(await store.hit(`rate:${counter}:network:${network}`, { max: rate.perNetwork, windowMs: rate.windowMs }), 'network', rate.refusal);
    }
    if (rate.apiAllowance) check(await hitApi(request), 'network', undefined);
  });
}

export default fp(rateLimits, { name: 'rate-limits' });
