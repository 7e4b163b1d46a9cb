// What the storage budget suites share: a route's daily storage figures, a fresh browser on a network, and
// what a refusal of the daily budget looks like to the student.
import { expect } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { isStoring, type RouteBudget, type StorageBudget } from '../../../src/server/limits/budgets.ts';
import { cookiePair } from '../helper.ts';

/** The suites' clock stands at noon UTC: a daily refusal says to wait until midnight. */
export const SECONDS_TO_MIDNIGHT = 12 * 3600;

export const storageOf = (budget: RouteBudget): StorageBudget => {
  if (!isStoring(budget.storage)) throw new Error('this route stores nothing');
  return budget.storage;
};

/** A fresh browser on `network`: its session cookie. */
export async function browserOn(app: App, network: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', remoteAddress: network });
  expect(response.statusCode).toBe(200);
  return cookiePair(response.headers['set-cookie']);
}

/** What a refusal of the daily storage budget looks like to the student. */
export function expectDailyRefusal(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, who: 'browser' | 'network', secondsLeft = SECONDS_TO_MIDNIGHT) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: `daily_storage_${who}`, error: expect.stringContaining('Nothing already saved is lost') });
  expect(Number(response.headers['retry-after'])).toBe(secondsLeft);
}
