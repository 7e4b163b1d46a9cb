// The Redis limit store against a real Redis: the memory store's fixed windows, counted in one place for
// every instance, and a Redis that cannot answer has its hits counted in memory, and says so.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createRedisLimitStore, openRedis, REDIS_COMMAND_TIMEOUT_MS } from '../../../src/server/limits/redisLimitStore.ts';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../redis.ts';

const limit = { max: 2, windowMs: 10_000 };

async function openStore(prefix = uniquePrefix(), onError?: (error: unknown) => void) {
  const url = testRedisUrl ?? '';
  const redis = await openRedis(url);
  const store = createRedisLimitStore({ redis, prefix, ownsConnection: true, onError });
  onTestFinished(async () => {
    await store.close();
    await deleteKeys(url, prefix);
  });
  return store;
}

describe.skipIf(testRedisUrl === undefined)('the Redis limit store', () => {
  it('allows max hits per window, then refuses with the seconds left in the window', async () => {
    const store = await openStore();
    expect(await store.hit('ip:a', limit)).toEqual({ count: 1, allowed: true, retryAfterSeconds: 0 });
    expect((await store.hit('ip:a', limit)).allowed).toBe(true);
    expect(await store.hit('ip:a', limit)).toEqual({ count: 3, allowed: false, retryAfterSeconds: 10 });
    expect((await store.hit('ip:b', limit)).allowed).toBe(true);
  });

  it('starts a new window when the old one has passed', async () => {
    const store = await openStore();
    const short = { max: 1, windowMs: 1000 };
    await store.hit('k', short);
    expect((await store.hit('k', short)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.hit('k', short)).toEqual({ count: 1, allowed: true, retryAfterSeconds: 0 });
  });

  it('peeks without counting', async () => {
    const store = await openStore();
    expect((await store.peek('k', limit)).count).toBe(0);
    for (let hit = 0; hit < 3; hit += 1) await store.hit('k', limit);
    expect(await store.peek('k', limit)).toEqual({ count: 3, allowed: false, retryAfterSeconds: 10 });
    expect((await store.peek('k', limit)).count).toBe(3);
  });

  it('shares one count between two stores (two instances) on the same prefix', async () => {
    const prefix = uniquePrefix();
    const [one, two] = [await openStore(prefix), await openStore(prefix)];
    await one.hit('browser:x', limit);
    await two.hit('browser:x', limit);
    expect(await one.hit('browser:x', limit)).toMatchObject({ count: 3, allowed: false });
  });

  it('takes the answer Redis sent in time even when this process was too busy to read it before the timeout', async () => {
    const errors: unknown[] = [];
    const store = await openStore(uniquePrefix(), (error) => errors.push(error));
    const busyFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // Loads the script on the connection, so each hit below is one command and one answer.
    await store.hit('warm-up', limit);
    const verdicts = [];
    for (let hit = 0; hit < 4; hit += 1) {
      const counting = store.hit('busy', limit);
      // The command is on its way; Redis answers while this process is busy for longer than the timeout.
      busyFor(4 * REDIS_COMMAND_TIMEOUT_MS);
      verdicts.push(await counting);
    }
    expect(errors).toEqual([]);
    expect(verdicts.map((verdict) => [verdict.count, verdict.allowed])).toEqual([[1, true], [2, true], [3, false], [4, false]]);
  });

  it('counts in memory, and reports the error, when Redis cannot answer', async () => {
    const redis = await openRedis(testRedisUrl ?? '');
    const errors: unknown[] = [];
    const store = createRedisLimitStore({ redis, prefix: uniquePrefix(), onError: (error) => errors.push(error) });
    redis.disconnect();
    const short = { max: 1, windowMs: 1000 };
    expect(await store.hit('k', short)).toEqual({ count: 1, allowed: true, retryAfterSeconds: 0 });
    expect(await store.hit('k', short)).toMatchObject({ count: 2, allowed: false });
    expect(errors).toHaveLength(2);
  });
});
