import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../../src/server/limits/limitStore.ts';

const limit = { max: 2, windowMs: 10_000 };

describe('the memory limit store', () => {
  it('allows max hits per window, then refuses with the seconds left in the window', async () => {
    let at = 1_000_000;
    const store = createMemoryLimitStore({ now: () => at });
    expect(await store.hit('ip:a', limit)).toEqual({ count: 1, allowed: true, retryAfterSeconds: 0 });
    expect((await store.hit('ip:a', limit)).allowed).toBe(true);
    at += 2_500;
    expect(await store.hit('ip:a', limit)).toEqual({ count: 3, allowed: false, retryAfterSeconds: 8 });
    expect((await store.hit('ip:b', limit)).allowed).toBe(true);
    at += 7_500;
    expect(await store.hit('ip:a', limit)).toEqual({ count: 1, allowed: true, retryAfterSeconds: 0 });
  });

  it('peeks without counting', async () => {
    const store = createMemoryLimitStore({ now: () => 0 });
    expect((await store.peek('k', limit)).count).toBe(0);
    await store.hit('k', limit);
    await store.hit('k', limit);
    await store.hit('k', limit);
    expect(await store.peek('k', limit)).toEqual({ count: 3, allowed: false, retryAfterSeconds: 10 });
    expect((await store.peek('k', limit)).count).toBe(3);
  });
});
