// buildApp(deps): the whole API server as a Fastify instance built from its ports (configuration, database,
// clock, the AI port and the payments port), so tests and the bench build a real one per run.
// The instance is returned before `ready()`: callers may add routes, and they get every plugin below.
import compress from '@fastify/compress';
import Fastify, {
  type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression,
  type RawServerDefault, type RouteOptions,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AiPort, createAi } from './ai/index.ts';
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
import { createAdminAuth } from './plugins/adminAuth.ts';
import client from './plugins/client.ts';
import errorHandler from './plugins/errorHandler.ts';
import jsonBody from './plugins/jsonBody.ts';
import originCheck from './plugins/originCheck.ts';
import pathGate from './plugins/pathGate.ts';
import apiRequests from './plugins/apiRequests.ts';
import rateLimits from './plugins/rateLimits.ts';
import routeBudgets from './plugins/routeBudgets.ts';
import {
  createCheckoutService, isLocalCheckout, isStripePort, type PaymentEventSink, type PaymentsPort,
} from './payments/index.ts';
import { createCodeGuessGuard } from './payments/codeGuesses.ts';
import { startSweeper } from './payments/sweeper.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { discountRoutes } from './routes/discounts.ts';
import { localCheckoutRoutes } from './routes/localCheckout.ts';
import { referralRoutes } from './routes/referrals.ts';
import { createReturnOrigin } from './routes/returnOrigin.ts';
import { stripeWebhookRoutes } from './routes/stripeWebhook.ts';
import security from './plugins/security.ts';
import sessions from './plugins/sessions.ts';
import { requestValidatorCompiler } from './http/requestValidator.ts';
import { routeOnlyCanonical } from './http/requestPath.ts';
import { adminRoutes } from './routes/admin.ts';
import { essayVersionRoutes } from './routes/essayVersions.ts';
import { formRoutes } from './routes/forms.ts';
import { aiRoutes } from './routes/ai.ts';
import { essayRoutes } from './routes/essays.ts';
import { coachRoutes } from './routes/coach.ts';
import { myDataRoutes, startRetentionPurge } from './routes/myData.ts';
import { createAiGate } from './usage/aiGate.ts';
import { adminInsightsRoutes } from './routes/adminInsights.ts';
import { adminStatusRoutes } from './routes/adminStatus.ts';
import { eventsRoutes } from './routes/events.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { healthRoutes } from './routes/health.ts';
import { sessionRoutes } from './routes/session.ts';
import { createSessionBudget } from './session/sessionBudget.ts';

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
  /** Sees every route as it is registered, before its budget is checked (tests enumerate them). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider
>;

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
  // First of all: a path not written canonically is answered here, before any other hook sees it.
  await app.register(pathGate);
  // Before any route: a route without a declared budget is refused as it is registered.
  await app.register(routeBudgets, {
    ceilingBytes: config.bodyLimitBytes,
    spend: createDailyStorage({
      db: deps.db.db, clock, networkSecret: config.cookieSecret, studentsPerNetwork: config.studentsPerNetwork,
    }),
  });
  app.addHook('onClose', async () => deps.db.close());
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

  await app.register(errorHandler, { bodyLimitBytes: config.bodyLimitBytes });
  await app.register(lifecycleRoutes, { lifecycle: deps.lifecycle ?? createLifecycle() });
  const metrics = config.metricsToken === undefined ? undefined : createMetrics(deps.db);
  await app.register(metricsPlugin, { token: config.metricsToken, metrics });
  await app.register(jsonBody);
  await app.register(security, config);
  await app.register(rateLimits, { store: limits, max: config.rateLimit.max, windowMs: config.rateLimit.windowMs });
  await app.register(apiRequests);
  // Before the static files, as @fastify/compress asks; text/event-stream is never compressed (essay streaming).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(originCheck, {
    ownOrigins: config.ownOrigins,
    development: config.nodeEnv === 'development',
    exemptPaths: ORIGIN_CHECK_EXEMPT,
  });

  const db = deps.db.db;
  const adminAuth = createAdminAuth({ adminToken: config.adminToken, store: limits });
  await app.register(healthRoutes, { db });
  const idTokens = deps.idTokens
    ?? (config.firebase === undefined ? undefined : createFirebaseIdTokenVerifier(config.firebase, () => clock().getTime()));
  if (idTokens !== undefined) app.addHook('onClose', async () => idTokens.close());
  const sessionBudget = createSessionBudget(limits, config.sessionLimit);
  await app.register(sessions, { budget: sessionBudget, publicUrl: config.publicUrl });
  await app.register(sessionRoutes, { readPlan: createPlanReader(db), idTokens });
  await app.register(formRoutes, { db, clock });
  await app.register(essayVersionRoutes, { db, clock });
  await app.register(adminRoutes, { db, adminAuth, clock });
  // The essay flow's AI calls, behind the per-browser/per-IP limits and the daily caps.
  // Whatever the engine, the student text of one call is held to a budget (trimmed, never refused).
  const engine = withTextBudget(deps.ai ?? createAi(config.ai));
  const ai = metrics ? instrumentAi(engine, metrics) : engine;
  const gate = createAiGate({ db, clock, limits: config.aiLimits, networkSecret: config.cookieSecret, store: limits });
  await app.register(aiRoutes, { ai, gate });
  await app.register(essayRoutes, { ai, gate, readPlan: createPlanReader(db) });
  // The coach: the student's own draft reviewed by its rules, and a model's questions when one is configured.
  await app.register(coachRoutes, { ai, gate });
  // The student's own data to take or erase, and the purge of browsers idle past the retention period.
  await app.register(myDataRoutes, { db, clock });
  app.addHook('onClose', startRetentionPurge({ db, clock, retentionDays: config.dataRetentionDays, log: app.log }));
  // Money: the checkout service (the payments port plus its database and events), then its routes. The
  // sweeper closes abandoned checkouts every minute; closing the app waits for a sweep under way.
  const checkout = createCheckoutService({ config, db, clock, payments: deps.payments, events: deps.paymentEvents, log: app.log });
  app.addHook('onClose', startSweeper(checkout, app.log));
  const returnOrigin = createReturnOrigin(config.ownOrigins);
  await app.register(checkoutRoutes, { checkout, returnOrigin });
  await app.register(discountRoutes, { checkout, returnOrigin, guesses: createCodeGuessGuard(limits) });
  await app.register(referralRoutes, { checkout, returnOrigin });
  if (isLocalCheckout(checkout.payments)) {
    await app.register(localCheckoutRoutes, { local: checkout.payments, fulfilment: checkout });
  } else if (config.payments.stripe && isStripePort(checkout.payments)) {
    await app.register(stripeWebhookRoutes, {
      stripe: checkout.payments.stripe, webhookSecret: config.payments.stripe.webhookSecret, fulfilment: checkout,
    });
  }
  // Feedback, the first-party event store, and the operator's dashboard data.
  await app.register(feedbackRoutes, { db, clock });
  await app.register(eventsRoutes, { db, clock });
  await app.register(adminInsightsRoutes, { db, adminAuth, clock });
  await app.register(adminStatusRoutes, { enabled: config.adminToken !== undefined });
  await app.register(client, { staticDir: config.staticDir });
  return app;
}
