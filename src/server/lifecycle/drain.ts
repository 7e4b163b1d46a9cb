// Rolling restarts that lose nothing. `GET /api/ready` is the load balancer's readiness check: 200 while the
// instance takes work, 503 from the moment it starts draining, so traffic moves to the other instances.
// `GET /api/health` stays the liveness check (the process and its database answer) and is not affected.
//
// Draining (on SIGTERM, from main.ts): readiness turns 503 at once; new API requests get 503 with Retry-After
// (the browser's sync retries those, against another instance); requests already running (saves, essay
// streams) go on until they finish or the deadline passes; responses carry `Connection: close` so clients
// reconnect elsewhere. Model calls still waiting MODEL_CUTOFF_MARGIN_MS before the deadline are stopped
// (`modelCutoff`, see src/server/ai/shutdownCutoff.ts), so their requests can still answer before the
// connections close. Then the caller closes the app, and with it the database.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../http/apiPath.ts';
import { requestPath } from '../http/requestPath.ts';
import { PROBE_BUDGET } from '../limits/budgets.ts';

export interface Lifecycle {
  readonly draining: boolean;
  /** Requests being served now (an essay stream counts until its last byte is sent). */
  readonly inFlight: number;
  /** Starts draining; resolves when no request is in flight or `deadlineMs` has passed (false then). */
  drain(deadlineMs: number): Promise<boolean>;
  /** Aborts MODEL_CUTOFF_MARGIN_MS before the drain's deadline (at once for a shorter one). */
  readonly modelCutoff: AbortSignal;
}

/** What a request whose model call was stopped needs to answer before its connection is closed. */
export const MODEL_CUTOFF_MARGIN_MS = 5_000;

interface LifecycleState extends Lifecycle {
  started(): void;
  finished(): void;
}

export function createLifecycle(): LifecycleState {
  let draining = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();
  const cutoff = new AbortController();
  let cutoffTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    modelCutoff: cutoff.signal,
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    started() {
      inFlight += 1;
    },
    finished() {
      inFlight -= 1;
      if (inFlight === 0) for (const wake of idleWaiters) wake();
    },
    drain(deadlineMs) {
      draining = true;
      if (inFlight === 0) return Promise.resolve(true);
      cutoffTimer ??= setTimeout(() => cutoff.abort(), Math.max(0, deadlineMs - MODEL_CUTOFF_MARGIN_MS));
      return new Promise<boolean>((resolve) => {
        const done = (idle: boolean) => {
          clearTimeout(timer);
          clearTimeout(cutoffTimer);
          idleWaiters.delete(wake);
          resolve(idle);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), deadlineMs);
        idleWaiters.add(wake);
      });
    },
  };
}

/** Paths a draining instance still answers as usual: liveness and readiness. */
const PROBES = new Set(['/api/health', '/api/ready']);

async function lifecycleRoutes(app: FastifyInstance, { lifecycle }: { lifecycle: Lifecycle }): Promise<void> {
  const state = lifecycle as LifecycleState;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    if (state.draining) {
      reply.header('connection', 'close');
      if (isApiPath(path) && !PROBES.has(path)) {
        return reply.code(503).header('retry-after', '1')
          .send({ error: 'This server is restarting. Please try again in a moment.', code: 'shutting_down' });
      }
    }
    // Counted until the connection has sent the last byte (or gone away), which covers streamed answers.
    state.started();
    reply.raw.once('close', () => state.finished());
    return undefined;
  });

  // Like /api/health, outside the network's API allowance: a busy network never hides the answer.
  app.get('/api/ready', { config: { budget: PROBE_BUDGET } }, async (_request, reply) => {
    if (state.draining) {
      return reply.code(503).send({ error: 'This server is shutting down.', code: 'shutting_down' });
    }
    return { status: 'ready' };
  });
}

export default fp(lifecycleRoutes, { name: 'lifecycle' });
