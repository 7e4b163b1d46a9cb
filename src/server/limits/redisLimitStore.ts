// The limit store shared by every instance: the same fixed windows as the memory store, counted in Redis
// (REDIS_URL), so a browser alternating between instances meets one limit, not one per instance.
// A hit is one atomic script: INCR the key, give a new key its window as an expiry, answer the count and the
// milliseconds left. Keys carry the configured prefix, so several apps can share one Redis.
//
// A silent Redis must cost a request little, and must not open the limits: each count waits
// REDIS_COMMAND_TIMEOUT_MS for its answer, a hit Redis cannot count is counted in this process's memory
// instead, and after BREAKER_FAILURES failures in a row Redis is skipped (memory only) for BREAKER_OPEN_MS,
// then tried again.
// So a request meets at most BREAKER_FAILURES timeouts (about 200 ms) however many limits it checks, and a
// guesser of codes or admin tokens still meets the limits during an outage (per instance, not shared).
import { Redis } from 'ioredis';
import { type CircuitBreaker, createCircuitBreaker } from './circuitBreaker.ts';
import { createMemoryLimitStore, type LimitStore, type LimitVerdict, verdict } from './limitStore.ts';

export const REDIS_COMMAND_TIMEOUT_MS = 100;
/**
 * ioredis's own command timeout, only a backstop so a command Redis never answers leaves the connection's
 * queue. It is longer than the store's wait, whose timer must be the one that decides (see answeredWithin).
 */
const CONNECTION_COMMAND_TIMEOUT_MS = 2_000;
export const BREAKER_FAILURES = 2;
export const BREAKER_OPEN_MS = 15_000;

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

type LimitRedis = Redis & {
  essayLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  essayLimitPeek(key: string): Promise<[number, number]>;
};

/** Connects (failing start-up when Redis is unreachable) with settings that fail fast rather than queue or wait. */
export async function openRedis(url: string, commandTimeoutMs = CONNECTION_COMMAND_TIMEOUT_MS): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While disconnected, commands fail at once instead of waiting in a queue, so requests are not held up.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    // A Redis that accepts a command but does not answer (paused, overloaded, a half-open connection).
    commandTimeout: commandTimeoutMs,
  });
  // Connection errors also reach the commands that fail; without a listener ioredis would log each one.
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

/**
 * The command's answer, or a timeout error after `ms`. A timer that fires late means this process was busy (a
 * long task, a GC pause, a starved CPU), and Redis's answer may be waiting unread on the socket: the error waits
 * for one turn of the event loop (setImmediate runs after the I/O it has received), so an answer that came in
 * time wins. A timer alone would call such a hit unanswered and count it in memory too, letting a request past
 * the shared limit.
 */
function answeredWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis command timed out after ${ms} ms`))), ms);
    command.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export interface RedisLimitStoreOptions {
  redis: Redis;
  /** Put before every key, e.g. `essay:` (the store adds `limit:`). */
  prefix: string;
  /** Counts the hits Redis cannot (default: a memory store of its own). */
  fallback?: LimitStore;
  /** When Redis is skipped after failing (default: BREAKER_FAILURES in a row, skipped for BREAKER_OPEN_MS). */
  breaker?: CircuitBreaker;
  /** Told when Redis could not count a hit (the fallback counted it). */
  onError?: (error: unknown) => void;
  /** Told when failures in a row make the store skip Redis for a while. */
  onSkip?: (error: unknown) => void;
  /** Whether closing the store also closes the connection. */
  ownsConnection?: boolean;
}

export function createRedisLimitStore(options: RedisLimitStoreOptions): LimitStore {
  if (!('essayLimitHit' in options.redis)) {
    options.redis.defineCommand('essayLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    options.redis.defineCommand('essayLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
  }
  const redis = options.redis as LimitRedis;
  const fallback = options.fallback ?? createMemoryLimitStore();
  const breaker = options.breaker ?? createCircuitBreaker({ failuresToOpen: BREAKER_FAILURES, openMs: BREAKER_OPEN_MS });
  const key = (name: string) => `${options.prefix}limit:${name}`;
  const counted = async (inRedis: () => Promise<[number, number]>, max: number, inMemory: () => Promise<LimitVerdict>) => {
    if (breaker.open) return inMemory();
    try {
      const [count, msLeft] = await answeredWithin(inRedis(), REDIS_COMMAND_TIMEOUT_MS);
      breaker.succeeded();
      return verdict(count, max, msLeft);
    } catch (error) {
      options.onError?.(error);
      if (breaker.failed()) options.onSkip?.(error);
      return inMemory();
    }
  };
  return {
    hit: (name, limit) => counted(() => redis.essayLimitHit(key(name), limit.windowMs), limit.max, () => fallback.hit(name, limit)),
    peek: (name, limit) => counted(() => redis.essayLimitPeek(key(name)), limit.max, () => fallback.peek(name, limit)),
    async close() {
      await fallback.close();
      if (options.ownsConnection) await redis.quit().catch(() => undefined);
    },
  };
}
