// What an operator scrapes: `GET /metrics` in Prometheus's text format, behind `Authorization: Bearer
// <METRICS_TOKEN>`, checked by the secret gate (no token configured: refused, and nothing is collected). One registry per app, so every
// app (and every test's app) counts on its own.
//
// Requests are labelled by the matched route pattern (`/checkout/local/:id`), never the raw URL, so a client
// cannot create label values at will; unmatched paths share the label `unmatched`. Saves, conflicts and
// rate-limit refusals are read off the same answers (a PUT of the form document answered 200 or 409; any 429).
// Checkouts are counted in the database at scrape time, by status, so the figures are the same whichever
// instance is scraped and need no hook in the payment code.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AiCallOptions, AiPort, EssayInput } from '../ai/port.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { loopCpu, MINUTE_MS, noBodyBudget } from '../limits/budgets.ts';
import { SECRET_KINDS } from '../secrets/secretKinds.ts';

const FORM_PATH = '/api/forms/me';
const { disabled } = SECRET_KINDS['metrics-token'];

export interface Metrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  requestSeconds: Histogram<'route' | 'method' | 'status'>;
  formSaves: Counter<'outcome'>;
  rateLimitRefusals: Counter<'route'>;
  aiCalls: Counter<'provider' | 'operation' | 'outcome'>;
  aiSeconds: Histogram<'provider' | 'operation'>;
}

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  // Process figures, including the event loop's delay (nodejs_eventloop_lag_* in seconds).
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const metrics: Metrics = {
    registry,
    requests: counter('essay_http_requests_total', 'HTTP requests answered, by matched route, method and status.',
      ['route', 'method', 'status']),
    requestSeconds: histogram('essay_http_request_duration_seconds',
      'Time to answer an HTTP request (a stream: until its end).', ['route', 'method', 'status'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]),
    formSaves: counter('essay_form_saves_total',
      'Writes of a form document: saved (200) or conflict (409, a stale revision).', ['outcome']),
    rateLimitRefusals: counter('essay_rate_limit_refusals_total',
      'Requests refused with 429 (any limit), by matched route.', ['route']),
    aiCalls: counter('essay_ai_calls_total', 'AI calls by provider, operation and outcome (ok, failed, aborted).',
      ['provider', 'operation', 'outcome']),
    aiSeconds: histogram('essay_ai_call_duration_seconds', 'Time an AI call took (an essay: until its last chunk).',
      ['provider', 'operation'], [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120]),
  };
  const poolUse = database.poolUse;
  if (poolUse) {
    const gauge = (name: string, help: string, read: (use: ReturnType<NonNullable<DatabaseHandle['poolUse']>>) => number) =>
      new Gauge({ name, help, registers: [registry], collect() { this.set(read(poolUse())); } });
    gauge('essay_db_pool_in_use', 'Database connections lent out now (PGlite: its one session).', (use) => use.inUse);
    gauge('essay_db_pool_waiting', 'Queries waiting for a database connection.', (use) => use.waiting);
    gauge('essay_db_pool_size', 'Database connections the pool may open.', (use) => use.size);
  }
  checkoutGauge(registry, database.db);
  return metrics;
}

function checkoutGauge(registry: Registry, db: Kysely<Database>): void {
  new Gauge({
    name: 'essay_checkouts',
    help: 'Checkout sessions in the database by status (all of them were started; paid, refunded, expired...).',
    labelNames: ['status'], registers: [registry],
    async collect() {
      const { rows } = await sql<{ status: string; count: number }>`
        select status, count(*)::int as count from checkout_sessions group by status`.execute(db);
      this.reset();
      for (const { status, count } of rows) this.set({ status }, count);
    },
  });
}

type Operation = 'topicSuggestions' | 'followupQuestions' | 'essay' | 'supplementalEssay' | 'coachQuestions';

/** The same port, with each call counted and timed by provider (`offline` for the composer). */
export function instrumentAi(ai: AiPort, metrics: Metrics): AiPort {
  const provider = ai.engine;
  const timed = async <T>(operation: Operation, options: AiCallOptions | undefined, call: () => Promise<T>): Promise<T> => {
    const stop = metrics.aiSeconds.startTimer({ provider, operation });
    try {
      const result = await call();
      metrics.aiCalls.inc({ provider, operation, outcome: 'ok' });
      return result;
    } catch (error) {
      metrics.aiCalls.inc({ provider, operation, outcome: options?.signal?.aborted ? 'aborted' : 'failed' });
      throw error;
    } finally {
      stop();
    }
  };
  return {
    engine: ai.engine,
    modelName: ai.modelName,
    coachQuestions: (input, options) => timed('coachQuestions', options, () => ai.coachQuestions(input, options)),
    topicSuggestions: (form, options) => timed('topicSuggestions', options, () => ai.topicSuggestions(form, options)),
    followupQuestions: (form, prompt, idea, options) =>
      timed('followupQuestions', options, () => ai.followupQuestions(form, prompt, idea, options)),
    essay: (input, options) => countStream(metrics, provider, 'essay', options, ai.essay(input, options)),
    supplementalEssay: (input, options) =>
      countStream(metrics, provider, 'supplementalEssay', options, ai.supplementalEssay(input, options)),
    essayNotes: (input) => ai.essayNotes(input),
    ...(ai.essayParagraphSources && { essayParagraphSources: (input: EssayInput) => ai.essayParagraphSources!(input) }),
    supplementalNotes: (input) => ai.supplementalNotes(input),
  };
}

/** Passes the chunks through unchanged; the call counts as ok when the last chunk is out. */
async function* countStream(
  metrics: Metrics, provider: string, operation: Operation, options: AiCallOptions | undefined, chunks: AsyncIterable<string>,
): AsyncGenerator<string> {
  const stop = metrics.aiSeconds.startTimer({ provider, operation });
  let outcome = 'aborted';
  try {
    for await (const chunk of chunks) yield chunk;
    outcome = 'ok';
  } catch (error) {
    outcome = options?.signal?.aborted ? 'aborted' : 'failed';
    throw error;
  } finally {
    // A consumer that stops reading early (the browser went away) leaves the outcome at `aborted`.
    metrics.aiCalls.inc({ provider, operation, outcome });
    stop();
  }
}

export interface MetricsRouteOptions {
  /** Created only with METRICS_TOKEN set. */
  metrics: Metrics | undefined;
}

/**
 * A scraper, not a browser: its own count per network, outside the API allowance. Only scrapes with the right
 * token reach it: wrong tokens are counted by the secret gate, so they never use up the scraper's count.
 */
const SCRAPE_BUDGET = noBodyBudget({ windowMs: MINUTE_MS, perBrowser: null, perNetwork: 60, apiAllowance: false },
  'reads the counters and counts checkouts', 'Prometheus scraping every 15 s (4 a minute); 60 leaves room for a few scrapers',
  loopCpu(15, 'no input: every counter rendered, and the open checkouts counted'));

async function metricsPlugin(app: FastifyInstance, { metrics }: MetricsRouteOptions): Promise<void> {
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { route, method: request.method, status: String(reply.statusCode) };
      metrics.requests.inc(labels);
      metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
      if (route === FORM_PATH && request.method === 'PUT') {
        if (reply.statusCode === 200) metrics.formSaves.inc({ outcome: 'saved' });
        else if (reply.statusCode === 409) metrics.formSaves.inc({ outcome: 'conflict' });
      }
    });
  }

  // The gate refuses every scrape while no METRICS_TOKEN is set; the metrics exist exactly when it is.
  app.get('/metrics', { config: { budget: SCRAPE_BUDGET, secret: 'metrics-token' } }, async (_request, reply) => {
    if (metrics === undefined) throw new HttpError(403, disabled.code, disabled.message);
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
