// A Redis that stops answering, for real (CLIENT PAUSE ALL): an API request still answers within the few
// commands' timeouts, the limits count in memory once the breaker skips Redis (a wrong-code guesser is still
// refused), and Redis is tried again after the pause. A serial suite: a paused Redis would stall every other
// suite that uses it at the same moment.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCircuitBreaker } from '../../../src/server/limits/circuitBreaker.ts';
import { createRedisLimitStore, openRedis, REDIS_COMMAND_TIMEOUT_MS } from '../../../src/server/limits/redisLimitStore.ts';
import { SECRET_KINDS } from '../../../src/server/secrets/secretKinds.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { deleteKeys, pauseRedis, testRedisUrl, uniquePrefix } from '../redis.ts';

const redisUrl = testRedisUrl ?? '';

/** Pauses Redis for `ms`; the test waits for the pause to end before the next one starts. */
async function pauseFor(ms: number): Promise<void> {
  const { ended } = await pauseRedis(redisUrl, ms);
  onTestFinished(() => ended);
}

describe.skipIf(testRedisUrl === undefined)('a Redis that stops answering', () => {
  it('costs a hit one command timeout, skips Redis after two in a row, counts in memory, then tries Redis again', async () => {
    let at = 0;
    const breaker = createCircuitBreaker({ failuresToOpen: 2, openMs: 10_000, now: () => at });
    const prefix = uniquePrefix();
    const redis = await openRedis(redisUrl);
    const errors: unknown[] = [];
    let skips = 0;
    const store = createRedisLimitStore({
      redis, prefix, breaker, ownsConnection: true, onError: (error) => errors.push(error), onSkip: () => (skips += 1),
    });
    onTestFinished(async () => {
      await store.close();
      await deleteKeys(redisUrl, prefix);
    });
    const limit = { max: 2, windowMs: 60_000 };
    await pauseFor(2_000);

    const started = performance.now();
    expect(await store.hit('guesser', limit)).toMatchObject({ count: 1, allowed: true });
    expect(await store.hit('guesser', limit)).toMatchObject({ count: 2, allowed: true });
    expect(skips).toBe(1);
    // Skipped now: no more timeouts, and the memory count holds the limit.
    expect(await store.hit('guesser', limit)).toMatchObject({ count: 3, allowed: false });
    expect(await store.peek('guesser', limit)).toMatchObject({ count: 3, allowed: false });
    const elapsed = performance.now() - started;
    expect(errors).toHaveLength(2);
    expect(String(errors[0])).toMatch(/timed out/i);
    // Two timeouts, not four: well under the 2 s pause.
    expect(elapsed).toBeLessThan(4 * REDIS_COMMAND_TIMEOUT_MS + 500);

    // After the pause, and once the breaker's own pause has passed, the hits are Redis's again.
    const probe = await openRedis(redisUrl, 10_000);
    onTestFinished(() => probe.quit().then(() => undefined));
    await probe.ping();
    at += 10_000;
    expect(await store.hit('fresh', limit)).toMatchObject({ count: 1, allowed: true });
    expect(await probe.get(`${prefix}limit:fresh`)).toBe('1');
    expect(errors).toHaveLength(2);
  });

  it('answers an API request within a few command timeouts, and still refuses a wrong-code guesser after its limit', async () => {
    const prefix = uniquePrefix();
    onTestFinished(() => deleteKeys(redisUrl, prefix));
    const lines: string[] = [];
    const { app } = await buildTestApp(testDatabases[0]!, {
      env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn' }, logger: { write: (line) => lines.push(line) },
    });
    const { cookie } = await startSession(app);
    const pauseMs = 5_000;
    await pauseFor(pauseMs);

    const started = performance.now();
    const whoami = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } });
    const answerMs = performance.now() - started;
    expect(whoami.statusCode).toBe(200);
    // About 200 ms (two command timeouts); a generous bound, far below the pause.
    expect(answerMs).toBeLessThan(1_000);

    const statuses: number[] = [];
    for (let guess = 0; guess <= SECRET_KINDS['discount-code'].wrongPerBrowser.max; guess += 1) {
      const response = await app.inject({
        method: 'POST', url: '/api/validate-discount', headers: { cookie, origin: TEST_ORIGIN }, payload: { code: `LAUNCH2024-GUESS${guess}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, SECRET_KINDS['discount-code'].wrongPerBrowser.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(lines.join('\n')).toContain('limits are counted in memory');
    // Every guess was answered while Redis was still paused: the breaker skipped it.
    expect(performance.now() - started).toBeLessThan(pauseMs);
  });
});
