import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from '../../../src/server/limits/circuitBreaker.ts';

describe('the circuit breaker', () => {
  it('opens after the failures in a row, stays open for its pause, and a success in between resets the count', () => {
    let at = 0;
    const breaker = createCircuitBreaker({ failuresToOpen: 3, openMs: 10_000, now: () => at });
    expect(breaker.failed()).toBe(false);
    expect(breaker.failed()).toBe(false);
    breaker.succeeded();
    expect(breaker.failed()).toBe(false);
    expect(breaker.failed()).toBe(false);
    expect(breaker.open).toBe(false);
    expect(breaker.failed()).toBe(true);
    expect(breaker.open).toBe(true);
    at += 9_999;
    expect(breaker.open).toBe(true);
    at += 1;
    expect(breaker.open).toBe(false);
  });

  it('after its pause, one more failure opens it again; a success closes it for good', () => {
    let at = 0;
    const breaker = createCircuitBreaker({ failuresToOpen: 3, openMs: 1_000, now: () => at });
    for (let failure = 0; failure < 3; failure += 1) breaker.failed();
    at += 1_000;
    expect(breaker.open).toBe(false);
    expect(breaker.failed()).toBe(true);
    expect(breaker.open).toBe(true);
    at += 1_000;
    breaker.succeeded();
    expect(breaker.failed()).toBe(false);
    expect(breaker.failed()).toBe(false);
    expect(breaker.open).toBe(false);
  });
});
