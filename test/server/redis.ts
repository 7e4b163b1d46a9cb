// The Redis the shared-limit suites run against: TEST_REDIS_URL (`.ci/run` starts one). Without it the suites
// are skipped on a developer's machine, but under CI (CI=true) a missing Redis fails the run instead.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

if (testRedisUrl === undefined && process.env.CI === 'true') {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the shared-limit tests need a Redis server.');
}

/** A key prefix no other test (or other app on the same Redis) uses. */
export const uniquePrefix = (): string => `essay-test-${randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix`. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/**
 * `CLIENT PAUSE ms ALL`: Redis takes connections and commands but answers none of them for `ms` (not even an
 * UNPAUSE), as a stalled Redis would. Resolves once the pause is in force, with a promise of its end.
 */
export async function pauseRedis(url: string, ms: number): Promise<{ ended: Promise<void> }> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  await redis.call('CLIENT', 'PAUSE', String(ms), 'ALL');
  // This connection's next command waits for the pause like every other.
  const ended = redis.ping().then(async () => {
    await redis.quit();
  });
  return { ended };
}
