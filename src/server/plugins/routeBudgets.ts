// Every route's budget (src/server/limits/budgets.ts), held to where the route is registered and where a
// storing handler writes. Registered before any route:
// - a route without a complete budget is refused as it is registered, with an error naming its method and URL,
//   so the next route cannot arrive without one;
// - its body limit comes from its budget: the number declared, or for 'contract' the largest body its contract
//   schema allows (never above BODY_LIMIT_BYTES); a route whose budget takes no body refuses one with 413;
// - `request.spendStorage(amount, uid?)` checks and counts what the request is about to add against its
//   route's daily storage budget, before the handler writes (429 when over).
// The request rates are enforced in rateLimits.ts.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import { budgetProblems, isStoring, type StoredAmount } from '../limits/budgets.ts';
import type { SpendStorage } from '../limits/dailyStorage.ts';
import { schemaBodyLimit } from './jsonBody.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Counts what this request is about to store against its route's daily budget, for the browser `uid`
     * (default: the session's; null: the network alone) and its network; a 429 when either is over.
     */
    spendStorage(amount: StoredAmount, uid?: string | null): Promise<void>;
  }
}

export interface RouteBudgetsOptions {
  /** BODY_LIMIT_BYTES: no body limit taken from a contract exceeds it. */
  ceilingBytes: number;
  spend: SpendStorage;
}

const methodsOf = (route: RouteOptions): string => [route.method].flat().join('|');

/** Refuses a route without a complete budget, and sets its body limit from it. */
export function applyBudget(route: RouteOptions, ceilingBytes: number): void {
  const budget = route.config?.budget;
  const problems = budgetProblems(budget);
  if (budget === undefined || problems.length > 0) {
    throw new Error(`${methodsOf(route)} ${route.url} cannot be registered: ${problems.join('; ')}. Declare config: { budget } beside it (see src/server/limits/budgets.ts).`);
  }
  if (route.bodyLimit !== undefined) {
    throw new Error(`${methodsOf(route)} ${route.url} sets bodyLimit: declare it as its budget's body instead, the one place it is stated.`);
  }
  if (budget.body === 'contract') route.bodyLimit = schemaBodyLimit(route.schema?.body, ceilingBytes) ?? ceilingBytes;
  else if (budget.body > 0) route.bodyLimit = budget.body;
}

const carriesBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

async function routeBudgets(app: FastifyInstance, { ceilingBytes, spend }: RouteBudgetsOptions): Promise<void> {
  app.addHook('onRoute', (route) => applyBudget(route, ceilingBytes));

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.budget?.body === 0 && carriesBody(request)) {
      throw new HttpError(413, 'body_not_accepted', 'This address takes no request body.');
    }
  });

  app.decorateRequest('spendStorage', async function spendStorage(this: FastifyRequest, amount: StoredAmount, uid: string | null = this.uid) {
    const { budget } = this.routeOptions.config;
    const route = `${this.routeOptions.method}:${this.routeOptions.url ?? ''}`;
    if (budget === undefined || !isStoring(budget.storage)) {
      throw new Error(`${route} declares that it stores nothing, yet it asked to store ${amount.rows} rows`);
    }
    await spend({ counter: budget.storage.counter ?? route, storage: budget.storage, uid, ip: this.ip, amount });
  });
}

export default fp(routeBudgets, { name: 'route-budgets' });
