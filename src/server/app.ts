// buildApp(deps): the whole API server as a Fastify instance built from its ports (configuration, database,
// clock, the AI port and the payments port), so tests and the bench build a real one per run.
// The instance is returned before `ready()`: callers may add routes, and they get every plugin below.
import compress from '@fastify/compress';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AiPort, createAi } from './ai/index.ts';
import { withShutdownCutoff } from './ai/shutdownCutoff.ts';
import { withTextBudget } from './ai/textBudget.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createPlanReader } from './db/planReader.ts';
import { createFirebaseIdTokenVerifier, type IdTokenVerifier } from './session/firebaseIdTokens.ts';
import { serverTimeouts } from './listen.ts';
import { type LogDestination, loggerOptions } from './logger.ts';
import { createDailyStorage } from './limits/dailyStorage.ts';
import { createMemoryLimitStore, type LimitStore } from './limits/limitStore.ts';
import { BREAKER_OPEN_MS, createRedisLimitStore, openRedis } from './limits/redisLimitStore.ts';
import lifecycleRoutes, { createLifecycle, type Lifecycle } from './lifecycle/drain.ts';
import metricsPlugin, { createMetrics, instrumentAi } from './metrics/metrics.ts';
import client from './plugins/client.ts';
import errorHandler from './plugins/errorHandler.ts';
import jsonBody from './plugins/jsonBody.ts';
import originCheck from './plugins/originCheck.ts';
import pathGate from './plugins/pathGate.ts';
import apiRequests from './plugins/apiRequests.ts';
import rateLimits from './plugins/rateLimits.ts';
import refusals from './plugins/refusals.ts';
import secrets from './plugins/secrets.ts';
import idempotency from './plugins/idempotency.ts';
import routeBudgets from './plugins/routeBudgets.ts';
import { createCheckoutService, type PaymentEventSink, type PaymentsPort } from './payments/index.ts';
import { startSweeper } from './payments/sweeper.ts';
import security from './plugins/security.ts';
import sessions from './plugins/sessions.ts';
import { requestValidatorCompiler } from './http/requestValidator.ts';
import { routeOnlyCanonical } from './http/requestPath.ts';
import { myDataRoutes, startRetentionPurge } from './routes/myData.ts';
import { createAiGate } from './usage/aiGate.ts';
import { healthRoutes } from './routes/health.ts';
import { sessionRoutes } from './routes/session.ts';
import type { ServerStage, StageServices } from './stage.ts';
import { serverStages } from './stages.ts';
import { studentDataOf } from './db/studentData.ts';
import { createReturnOrigin } from './http/returnOrigin.ts';
import { createSessionBudget } from './session/sessionBudget.ts';
import { createSecretGate } from './secrets/secretGate.ts';

export interface AppDeps {
  config: Config;
  /** Owned by the app from here on: closing the app closes it. */
  db: DatabaseHandle;
  clock?: () => Date;
  /** The AI port; by default the engine the configuration names (the offline composer unless AI_PROVIDER is set). */
  ai?: AiPort;
  /** Verifies Firebase ID tokens; default: firebase-admin when FIREBASE_PROJECT_ID is set, else none. */
  idTokens?: IdTokenVerifier;
  /** The payments port; default: Stripe when configured, else the local test checkout. */
  payments?: PaymentsPort;
  /** Where purchases and referral conversions the server sees are recorded (default: the analytics events table). */
  paymentEvents?: PaymentEventSink;
  /** Where windowed rate limits are counted; default: in this process's memory. Closed with the app. */
  limits?: LimitStore;
  /** Where log lines go instead of stdout (tests capture them here). */
  logger?: LogDestination;
  /** Readiness and draining for rolling restarts (main.ts drains it on SIGTERM); default: a fresh one. */
  lifecycle?: Lifecycle;
  /** The flow stages whose routes and data the app serves; default: every stage of src/server/stages.ts. */
  stages?: readonly ServerStage[];
  /** Sees every route as it is registered, before its budget is checked (tests enumerate them). */
  onRoute?: (route: RouteOptions) => void;
}

import type { App } from './appInstance.ts';

export type { App };

/**
 * The router reads a path as the path gate does, so no second spelling reaches a route by its leniency: case
 * counts, `//` and a trailing slash are not folded away, and `;` is part of the path, not a query delimiter
 * (Fastify's defaults, stated so that none changes unseen; Fastify's types do not list the last one yet).
 */
const ROUTER_OPTIONS = { caseSensitive: true, ignoreDuplicateSlashes: false, ignoreTrailingSlash: false, useSemicolonDelimiter: false };

/** Paths the Origin check lets through: the Stripe webhook is signed, and Stripe sends no browser headers. */
const ORIGIN_CHECK_EXEMPT = ['/api/stripe/webhook'];

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    bodyLimit: config.bodyLimitBytes,
    ...serverTimeouts(config),
    trustProxy: config.trustProxy,
    // A client must not choose the id its request is logged under.
    requestIdHeader: false,
    // Each path is judged before routing, and only a canonical one is routed (plugins/pathGate.ts answers the rest).
    rewriteUrl: routeOnlyCanonical,
    routerOptions: ROUTER_OPTIONS,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const redis = config.redis ? await openRedis(config.redis.url) : undefined;
  const memoryLimits = () => createMemoryLimitStore({ now: () => clock().getTime() });
  const limits = deps.limits ?? (redis && config.redis
    ? createRedisLimitStore({
      redis, prefix: config.redis.keyPrefix, fallback: memoryLimits(),
      onError: (err) => app.log.warn({ err }, 'Redis could not count a limit: counted in memory'),
      onSkip: () => app.log.warn(`Redis keeps failing: limits are counted in memory for ${BREAKER_OPEN_MS / 1000} s`),
    })
    : memoryLimits());
  app.addHook('onClose', async () => {
    await limits.close();
    await redis?.quit().catch(() => undefined);
  });
  // First of all: a path not written canonically is answered here, before any other hook sees it, and counted
  // apart from the API allowance, as every refusal is (refusals.ts).
  await app.register(refusals, { store: limits });
  await app.register(pathGate);
  // Before any route: a route without a declared budget is refused as it is registered.
  await app.register(routeBudgets, {
    ceilingBytes: config.bodyLimitBytes,
    spend: createDailyStorage({
      db: deps.db.db, clock, networkSecret: config.cookieSecret, studentsPerNetwork: config.studentsPerNetwork,
    }),
  });
  app.addHook('onClose', async () => deps.db.close());
  await app.register(errorHandler, { bodyLimitBytes: config.bodyLimitBytes });
  const lifecycle = deps.lifecycle ?? createLifecycle();
  await app.register(lifecycleRoutes, { lifecycle });
  const metrics = config.metricsToken === undefined ? undefined : createMetrics(deps.db);
  await app.register(metricsPlugin, { metrics });
  await app.register(jsonBody);
  await app.register(security, config);
  // Refusals and secrets before the rates: another site's requests and wrong secrets are counted apart, never
  // against the API allowance students spend, and a right secret meets only its route's own rate.
  await app.register(originCheck, {
    ownOrigins: config.ownOrigins,
    development: config.nodeEnv === 'development',
    exemptPaths: ORIGIN_CHECK_EXEMPT,
  });
  // Before the secrets and the rates, which count the browser by its session.
  await app.register(sessions, {
    db: deps.db.db, clock, budget: createSessionBudget(limits, config.sessionLimit), cookieSecret: config.cookieSecret, publicUrl: config.publicUrl,
  });
  await app.register(secrets, {
    gate: createSecretGate({ store: limits, tokens: { 'admin-token': config.adminToken, 'metrics-token': config.metricsToken } }),
  });
  await app.register(rateLimits, { store: limits, max: config.rateLimit.max, windowMs: config.rateLimit.windowMs });
  await app.register(apiRequests);
  // Before the static files, as @fastify/compress asks; text/event-stream is never compressed (essay streaming).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });

  const db = deps.db.db;
  const stages = deps.stages ?? serverStages;
  const studentData = studentDataOf(stages);
  await app.register(healthRoutes, { db, failingOver: deps.db.failingOver });
  const idTokens = deps.idTokens
    ?? (config.firebase === undefined ? undefined : createFirebaseIdTokenVerifier(config.firebase, () => clock().getTime()));
  if (idTokens !== undefined) app.addHook('onClose', async () => idTokens.close());
  // Before the stages: a route declared idempotent gets its Idempotency-Key gate as it is registered.
  await app.register(idempotency, { db, clock });
  await app.register(sessionRoutes, { readPlan: createPlanReader(db), idTokens });
  // Whatever the engine, the student text of one call is held to a budget (trimmed, never refused).
  // Model calls still waiting when the shutdown deadline nears are stopped, so their requests can answer.
  const engine = withShutdownCutoff(withTextBudget(deps.ai ?? createAi(config.ai)), lifecycle.modelCutoff);
  const ai = metrics ? instrumentAi(engine, metrics) : engine;
  // The AI calls sit behind the per-browser/per-IP limits and the daily caps.
  const gate = createAiGate({ db, clock, limits: config.aiLimits, networkSecret: config.cookieSecret, store: limits });
  // The student's own data to take or erase, and the purge of browsers idle past the retention period.
  await app.register(myDataRoutes, { db, clock, data: studentData });
  app.addHook('onClose', startRetentionPurge({ db, clock, data: studentData, retentionDays: config.dataRetentionDays, log: app.log }));
  // Money: the checkout service (the payments port plus its database and events). The sweeper closes
  // abandoned checkouts every minute; closing the app waits for a sweep under way.
  const checkout = createCheckoutService({ config, db, clock, payments: deps.payments, events: deps.paymentEvents, log: app.log });
  app.addHook('onClose', startSweeper(checkout, app.log));
  const services: StageServices = {
    config, db, clock, ai, gate, readPlan: createPlanReader(db), checkout,
    returnOrigin: createReturnOrigin(config.ownOrigins),
  };
  for (const stage of stages) await stage.register(app, services);
  await app.register(client, { staticDir: config.staticDir });
  return app;
}
