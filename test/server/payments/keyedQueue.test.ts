import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from '../../../src/server/payments/keyedQueue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the per-browser queue', () => {
  it('runs one key’s work one at a time in arrival order, other keys alongside, and survives a failure', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const job = (key: string, name: string, fail = false) => queue(key, async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    });
    const results = await Promise.allSettled([job('a', 'a1', true), job('a', 'a2'), job('b', 'b1')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
