// The limit store shared by every instance: the same fixed windows as the memory store, counted in Redis
// (REDIS_URL), so a browser alternating between instances meets one limit, not one per instance.
// A hit is one atomic script: INCR the key, give a new key its window as an expiry, answer the count and the
// milliseconds left. Keys carry the configured prefix, so several apps can share one Redis.
//
// If Redis cannot answer, the limit lets the request through and the failure is reported: a Redis outage must not take the essay flow down, and the
// daily caps, kept in the database, still bound the spending.
import { Redis } from 'ioredis';
import { type LimitStore, verdict } from './limitStore.ts';

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

/** Connects (failing start-up when Redis is unreachable) with settings that fail fast rather than queue. */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // While disconnected, commands fail at once instead of waiting in a queue, so requests are not held up.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  // Connection errors also reach the commands that fail; without a listener ioredis would log each one.
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

export interface RedisLimitStoreOptions {
  redis: Redis;
  /** Put before every key, e.g. `essay:` (the store adds `limit:`). */
  prefix: string;
  /** Told when Redis could not count a hit (the hit was let through). */
  onError?: (error: unknown) => void;
  /** Whether closing the store also closes the connection. */
  ownsConnection?: boolean;
}

export function createRedisLimitStore(options: RedisLimitStoreOptions): LimitStore {
  if (!('essayLimitHit' in options.redis)) {
    options.redis.defineCommand('essayLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    options.redis.defineCommand('essayLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
  }
  const redis = options.redis as LimitRedis;
  const key = (name: string) => `${options.prefix}limit:${name}`;
  const failOpen = (error: unknown, max: number) => {
    options.onError?.(error);
    return verdict(0, max, 0);
  };
  return {
    async hit(name, limit) {
      try {
        const [count, msLeft] = await redis.essayLimitHit(key(name), limit.windowMs);
        return verdict(count, limit.max, msLeft);
      } catch (error) {
        return failOpen(error, limit.max);
      }
    },
    async peek(name, limit) {
      try {
        const [count, msLeft] = await redis.essayLimitPeek(key(name));
        return verdict(count, limit.max, msLeft);
      } catch (error) {
        return failOpen(error, limit.max);
      }
    },
    async close() {
      if (options.ownsConnection) await redis.quit().catch(() => undefined);
    },
  };
}
