// Fastify's logger (pino) set up so that request bodies, e-mail addresses, essays and profile text never reach
// the logs: requests are logged as method, path (query string dropped) and status, errors without their extra
// fields, and any e-mail address that still slips into a message or field is masked.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** Where log lines go when not stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

// Starts only where a run of address characters starts, so it reads any text in linear time. A domain holds no
// slash, so a package path in a stack trace (`node_modules/@electric-sql/pglite/dist/index.js`) is not one.
const EMAIL = /(?<![^\s@"'<>(),;:])[^\s@"'<>(),;:]+@[^\s@"'<>(),;:/\\]+\.[a-z]{2,}/gi;
const MASK = '[email]';

const pathOnly = (url: string): string => url.split('?', 1)[0] ?? url;

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, MASK);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  // Requests, replies and errors keep their prototypes: their own serializers below shape them.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}

/** Logged as sent: a refused spelling (plugins/pathGate.ts) is routed under a stand-in URL. */
interface LoggedRequest { method: string; url: string; originalUrl?: string }
interface LoggedReply { statusCode: number }

export function loggerOptions(config: Pick<Config, 'logLevel'>, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, path: pathOnly(request.originalUrl ?? request.url) }),
      res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
      // Only what identifies the fault: driver errors carry the offending row's values in extra fields.
      err: (error: Error & { code?: unknown }) => ({
        type: error.name,
        code: typeof error.code === 'string' ? error.code : undefined,
        message: String(scrub(error.message)),
        stack: String(scrub(error.stack ?? '')),
      }),
    },
    redact: {
      paths: ['body', '*.body', 'req.headers', 'headers.authorization', 'headers.cookie', '*.email', '*.user_email'],
      censor: '[redacted]',
    },
    formatters: { log: (object: Record<string, unknown>) => scrub(object) as Record<string, unknown> },
    hooks: {
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)));
      },
    },
  };
}
