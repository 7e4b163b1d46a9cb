// The server's configuration: every environment variable is read once here, validated with zod, and a bad
// value stops the server with a message naming each variable at fault. `.env.example` lists them all.
import { resolve } from 'node:path';
import { z } from 'zod';
import { aiConfigFromEnv, aiEnvSchema } from './ai/index.ts';
import { webConcurrencyProblem } from './lifecycle/cluster.ts';
import { parseDatabaseUrl } from './db/databaseUrl.ts';
import { PGLITE_DURABILITY_MODES } from './db/pgliteDurability.ts';
import { COOKIE_SECRET_MIN_LENGTH, storedCookieSecret } from './session/cookieSecret.ts';
import { firebaseEnvShape, firebaseProblems, firebaseServerConfig } from './session/firebaseConfig.ts';
import { isLoopbackUrl, loopbackOrigins } from './http/loopback.ts';
import {
  PAYMENT_SECRET_VARIABLES, paymentsConfigFrom, paymentsEnvShape, paymentsProblems, STRIPE_DEFAULT_TIMEOUT_MS,
} from './payments/paymentsConfig.ts';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The server's configuration, as loadConfig builds it (each field's meaning is said there). */
export type Config = ReturnType<typeof loadConfig>;
export type AiLimits = Config['aiLimits'];

/** Thrown when the environment is unusable; its message is written for the person starting the server. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Variables whose values must never be echoed back in an error message. */
const SECRET_VARIABLES = new Set(['COOKIE_SECRET', 'ADMIN_TOKEN', 'METRICS_TOKEN', 'DATABASE_URL', 'REDIS_URL']);
// The AI providers' keys are secrets too.
for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'AI_API_KEY']) SECRET_VARIABLES.add(name);
for (const name of PAYMENT_SECRET_VARIABLES) SECRET_VARIABLES.add(name);

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
};

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const duration = z
  .string()
  .regex(/^\d+(ms|s|m|h)?$/, 'must be a duration such as 60000, 60s, 1m or 1h')
  .transform((text) => {
    const [, amount = '0', unit = 'ms'] = /^(\d+)(ms|s|m|h)?$/.exec(text) ?? [];
    return Number(amount) * (DURATION_UNITS_MS[unit] ?? 1);
  })
  .refine((ms) => ms >= 1000, 'must be at least one second');

const httpUrl = z
  .string()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'must be an http:// or https:// URL')
  .transform((text) => new URL(text).origin);

// Fastify trusts X-Forwarded-* only from named proxies (a bare hop count would trust nobody in Fastify 5).
const trustProxy = z
  .string()
  .regex(
    /^(true|false|(loopback|linklocal|uniquelocal|[0-9a-f.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:/]+))*)$/i,
    'must be true, false, or the proxies to trust: addresses or subnets separated by commas (or loopback, linklocal, uniquelocal)',
  )
  .transform((text): boolean | string => (text === 'true' ? true : text === 'false' ? false : text));

// Every value arrives as a string; an empty one counts as unset (as docker-compose and .env files often write).
const envSchema = z.object({
  PORT: wholeNumber(1, 65535).default(8080),
  // Every address, IPv6 and IPv4 alike (main.ts falls back to 0.0.0.0 where IPv6 is switched off).
  HOST: z.string().default('::'),
  DATA_DIR: z.string().default('./data'),
  // One host, or libpq's list of hosts with target_session_attrs=primary (db/databaseUrl.ts).
  DATABASE_URL: z
    .string()
    .superRefine((text, context) => {
      const target = parseDatabaseUrl(text);
      if (typeof target === 'string') context.addIssue({ code: 'custom', message: target });
    })
    .optional(),
  DATABASE_STATEMENT_TIMEOUT: duration.default(10_000),
  DATABASE_POOL_TIMEOUT: duration.default(5_000),
  DATABASE_MIGRATION_TIMEOUT: duration.default(300_000),
  REDIS_URL: z
    .string()
    .refine((text) => /^rediss?:\/\/./.test(text), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, or _ : . -').default('essay:'),
  PGLITE_DURABILITY: z
    .enum(PGLITE_DURABILITY_MODES, { error: `must be one of ${PGLITE_DURABILITY_MODES.join(', ')}` })
    .default('fsync'),
  // Production unless told otherwise: `npm start` serves for real, only `npm run dev` sets development.
  NODE_ENV: z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` }).default('production'),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECRET: z.string().min(COOKIE_SECRET_MIN_LENGTH, `must be at least ${COOKIE_SECRET_MIN_LENGTH} characters long`).optional(),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // 1 MiB: well above the largest form document (256 KB) the contract accepts.
  BODY_LIMIT_BYTES: wholeNumber(1024, 50 * 1024 * 1024).default(1024 * 1024),
  // The per-network defaults are sized for a school behind one address (see src/server/limits/README.md).
  RATE_LIMIT_MAX: wholeNumber(1, 10_000_000).default(1200),
  RATE_LIMIT_WINDOW: duration.default(60_000),
  SESSION_LIMIT_PER_IP: wholeNumber(1, 10_000_000).default(300),
  SESSION_LIMIT_WINDOW: duration.default(3_600_000),
  STUDENTS_PER_NETWORK: wholeNumber(1, 10_000_000).default(200),
  STATIC_DIR: z.string().default('dist/client'),
  SHUTDOWN_DEADLINE: duration.default(25_000),
  // Shorter than SHUTDOWN_DEADLINE, so a slow upload is cut before it can hold a shutdown.
  REQUEST_TIMEOUT: duration.default(15_000),
  DATA_RETENTION_DAYS: wholeNumber(0, 36_500).default(180),
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  ...firebaseEnvShape,
  // The AI calls' own limits; AI_PROVIDER and the rest are read by aiEnvSchema below.
  AI_RATE_LIMIT_PER_BROWSER: wholeNumber(1, 10_000_000).default(20),
  AI_RATE_LIMIT_PER_IP: wholeNumber(1, 10_000_000).default(120),
  AI_RATE_LIMIT_WINDOW: duration.default(60_000),
  AI_DAILY_CAP: wholeNumber(1, 1_000_000_000).default(20_000),
  AI_DAILY_BUDGET_PER_IP: wholeNumber(1, 1_000_000_000).default(3000),
  AI_PAID_RESERVE_PERCENT: wholeNumber(0, 100).default(25),
  SUPPLEMENTAL_DAILY_QUOTA: wholeNumber(1, 1_000_000).default(10),
  COACH_MODEL_DAILY_QUOTA: wholeNumber(1, 1_000_000).default(20),
  ...paymentsEnvShape,
  // Each attempt of a call to Stripe (paymentsConfig.ts); a hung Stripe then answers 502, never a hang.
  STRIPE_TIMEOUT: duration.default(STRIPE_DEFAULT_TIMEOUT_MS),
  VITE_GTM_ID: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a container id such as GTM-ABC1234').optional(),
});

/** Every environment variable the server reads; `.env.example` lists exactly these and the build's own. */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(envSchema.shape), ...Object.keys(aiEnvSchema.shape)];

type Environment = Record<string, string | undefined>;

interface Problem { name: string; message: string }

function describeProblems(problems: Problem[], env: Environment): string {
  const lines = problems.map(({ name, message }) => {
    const value = env[name];
    const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
    return `  - ${name}: ${message}${shown}`;
  });
  return [
    'Essay Studio cannot start: the configuration is invalid.',
    ...lines,
    'Fix these environment variables (see .env.example) and start again.',
  ].join('\n');
}

/** Parses the environment into a typed configuration, or throws a ConfigError a person can act on. */
export function loadConfig(env: Environment) {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = envSchema.safeParse(known);
  const problems: Problem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ name: String(issue.path[0]), message: issue.message }));
  // On this computer alone (PUBLIC_URL unset or a loopback address) production keeps the out-of-the-box
  // conveniences: a cookie secret generated into DATA_DIR and the local test checkout.
  const production = (known.NODE_ENV ?? 'production') === 'production';
  const publicAddress = known.PUBLIC_URL !== undefined && !isLoopbackUrl(known.PUBLIC_URL);
  if (production && publicAddress && known.COOKIE_SECRET === undefined) {
    problems.push({
      name: 'COOKIE_SECRET',
      message: 'is required when NODE_ENV=production and PUBLIC_URL is not a loopback address, '
        + 'so every instance signs session cookies with the same secret',
    });
  }
  problems.push(...firebaseProblems(known, known.NODE_ENV ?? 'production'));
  problems.push(...paymentsProblems(known, { publicProduction: production && publicAddress }));
  const concurrency = parsed.success ? webConcurrencyProblem(parsed.data.WEB_CONCURRENCY, parsed.data) : undefined;
  if (concurrency !== undefined) problems.push({ name: 'WEB_CONCURRENCY', message: concurrency });
  const aiEnv = aiEnvSchema.safeParse(env);
  if (!aiEnv.success) {
    problems.push(...aiEnv.error.issues.map((issue) => ({ name: String(issue.path[0]), message: issue.message })));
  }
  if (!parsed.success || !aiEnv.success || problems.length > 0) {
    throw new ConfigError(describeProblems(problems, { ...env, ...known }));
  }
  const vars = parsed.data;

  const dataDir = resolve(vars.DATA_DIR);
  const cookieSecret = vars.COOKIE_SECRET ?? storedCookieSecret(dataDir);
  if (cookieSecret === null) {
    throw new ConfigError(`Essay Studio cannot start: ${dataDir}/cookie-secret is shorter than ${COOKIE_SECRET_MIN_LENGTH} characters. Delete it to have a new one generated, or set COOKIE_SECRET.`);
  }

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    /** PostgreSQL when set; otherwise PGlite in `${dataDir}/pglite`. */
    databaseUrl: vars.DATABASE_URL,
    /**
     * PostgreSQL only: the longest a statement may run, and a request may wait for a pooled connection (or for a
     * new connection to be made: the migrations' connection too); the longest a migration statement may run or
     * wait for a lock at start-up.
     */
    databaseTimeouts: {
      statementMs: vars.DATABASE_STATEMENT_TIMEOUT, acquireMs: vars.DATABASE_POOL_TIMEOUT, migrationMs: vars.DATABASE_MIGRATION_TIMEOUT,
    },
    /** PGlite only: `fsync` puts each commit on disk before answering; the other mode risks what it names. */
    pgliteDurability: vars.PGLITE_DURABILITY,
    /** Redis for the windowed limits, so every instance counts the same windows; undefined: in memory. */
    redis: vars.REDIS_URL === undefined ? undefined : { url: vars.REDIS_URL, keyPrefix: vars.REDIS_KEY_PREFIX },
    nodeEnv: vars.NODE_ENV,
    /** The app's own origin (scheme, host and port, no trailing slash); never taken from the Host header. */
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    /**
     * Every origin the browser may use for this app: PUBLIC_URL's, or with PUBLIC_URL unset the three loopback
     * spellings (localhost, 127.0.0.1, [::1]) on PORT. The first is publicUrl.
     */
    ownOrigins: (vars.PUBLIC_URL === undefined ? loopbackOrigins(vars.PORT) : [vars.PUBLIC_URL]) as readonly string[],
    /** true, false, or the proxies' addresses/subnets whose X-Forwarded-* headers are believed. */
    trustProxy: vars.TRUST_PROXY,
    cookieSecret,
    adminToken: vars.ADMIN_TOKEN,
    /** Bearer token for GET /metrics; unset: metrics are neither collected nor served. */
    metricsToken: vars.METRICS_TOKEN,
    logLevel: vars.LOG_LEVEL,
    bodyLimitBytes: vars.BODY_LIMIT_BYTES,
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW },
    /** New anonymous sessions per client network per window. */
    sessionLimit: { max: vars.SESSION_LIMIT_PER_IP, windowMs: vars.SESSION_LIMIT_WINDOW },
    /** Students behind one address: a network may store per day what this many browsers may (src/server/limits). */
    studentsPerNetwork: vars.STUDENTS_PER_NETWORK,
    staticDir: resolve(vars.STATIC_DIR),
    /** How long a stopping instance lets requests in flight (saves, essay streams) finish before it closes. */
    shutdownDeadlineMs: vars.SHUTDOWN_DEADLINE,
    /** The longest a client may take to send a whole request, headers and body (a slow upload is cut with 408). */
    requestTimeoutMs: vars.REQUEST_TIMEOUT,
    /** Days a browser's data is kept after its last change or event; 0 keeps it until the student deletes it. */
    dataRetentionDays: vars.DATA_RETENTION_DAYS,
    /** Worker processes sharing the port (WEB_CONCURRENCY); more than 1 needs PostgreSQL and Redis. */
    webConcurrency: vars.WEB_CONCURRENCY,
    /** The "firebase" identity backend (ID-token exchange); undefined: anonymous cookie sessions. */
    firebase: firebaseServerConfig(vars),
    /** The AI engine (the offline composer unless AI_PROVIDER is set), see src/server/ai/README.md. */
    ai: aiConfigFromEnv(aiEnv.data),
    /** What protects the operator's AI bill: per-browser and per-IP limits per window, and daily caps. */
    aiLimits: {
      perBrowser: vars.AI_RATE_LIMIT_PER_BROWSER,
      perIp: vars.AI_RATE_LIMIT_PER_IP,
      windowMs: vars.AI_RATE_LIMIT_WINDOW,
      /** AI calls per UTC day for the whole server (all browsers together). */
      dailyCap: vars.AI_DAILY_CAP,
      /** AI calls per UTC day from one client network (an IPv4 address or an IPv6 /64). */
      dailyPerIp: vars.AI_DAILY_BUDGET_PER_IP,
      /**
       * The share (percent) of each network's daily budget only paid essays may spend: free calls (topics,
       * questions, supplemental essays, the coach's model) stop at the rest, so they never refuse a paid essay.
       */
      paidReservePercent: vars.AI_PAID_RESERVE_PERCENT,
      /** Free supplemental essays per browser per UTC day. */
      supplementalPerDay: vars.SUPPLEMENTAL_DAILY_QUOTA,
      /** The coach's model reviews ("Ask the coach") per browser per UTC day; past it the review is the offline one. */
      coachReviewsPerDay: vars.COACH_MODEL_DAILY_QUOTA,
    },
    /** Stripe or the local test checkout, and the referral reward. */
    payments: paymentsConfigFrom(vars),
    /** Google Tag Manager container of the build (VITE_GTM_ID): its hosts join the CSP only when set. */
    gtmId: vars.VITE_GTM_ID,
  };
}
