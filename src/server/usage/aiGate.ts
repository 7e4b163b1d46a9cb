// What every AI call passes before it reaches the engine: a per-browser and a per-IP limit
// per window, so one visitor cannot run up the bill, a daily budget per client network, so one address
// opening fresh anonymous browsers cannot either, and a server-wide daily cap over everyone. Supplemental essays, free, also have a per-browser daily quota.
// Every refusal is a 429 with Retry-After and words a student understands.
import type { Kysely } from 'kysely';
import type { AiLimits } from '../config.ts';
import { countUsage, readUsage, uncountUsage, usageDay } from '../db/aiUsage.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import type { LimitStore } from '../limits/limitStore.ts';
import { networkKey, storedNetworkKey } from '../limits/networkKey.ts';

export interface SupplementalQuota { limit: number; remaining: number }

export interface AiGate {
  /** Throws a 429 HttpError when this browser or network is over its limit, or the server over its daily cap. */
  admit(uid: string, ip: string): Promise<void>;
  /** Counts one supplemental essay for the browser, or throws a 429 explaining the daily quota. */
  takeSupplemental(uid: string): Promise<SupplementalQuota>;
  /** Gives the essay back to the quota when it could not be written (an engine failure is not the student's). */
  returnSupplemental(uid: string): Promise<void>;
  supplementalQuota(uid: string): Promise<SupplementalQuota>;
}

const secondsUntilTomorrow = (now: Date): number => {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
};

const tooMany = (code: string, message: string, retryAfterSeconds: number): HttpError =>
  new HttpError(429, code, message, { 'retry-after': String(retryAfterSeconds) });

export interface AiGateOptions {
  db: Kysely<Database>;
  clock: () => Date;
  limits: AiLimits;
  /** Where the per-window limits are counted (shared across instances when the store is). */
  store: LimitStore;
  /** Keys the stored per-network daily counters (the cookie secret), so no address is kept readable. */
  networkSecret: string;
}

export function createAiGate(options: AiGateOptions): AiGate {
  const { db, clock, limits, store, networkSecret } = options;
  const perBrowser = { max: limits.perBrowser, windowMs: limits.windowMs };
  const perIp = { max: limits.perIp, windowMs: limits.windowMs };
  const supplementalKey = (uid: string) => `supplemental:${uid}`;

  return {
    async admit(uid, ip) {
      // A browser over its own limit is refused before its network is counted, as one student's burst should not
      // use up the allowance of the classmates sharing the address.
      const browser = await store.hit(`ai:browser:${uid}`, perBrowser);
      const wait = browser.retryAfterSeconds || (await store.hit(`ai:ip:${networkKey(ip)}`, perIp)).retryAfterSeconds;
      if (wait > 0) {
        throw tooMany('ai_too_fast', 'You are asking for a lot of writing very quickly. Please wait a minute and try again.', wait);
      }
      const at = clock();
      // A network over its own budget is refused before the server-wide count, so it cannot use that up either.
      if (await countUsage(db, usageDay(at), `ip:${storedNetworkKey(ip, networkSecret)}`) > limits.dailyPerIp) {
        throw tooMany(
          'ai_network_daily_budget',
          'Essay Studio has written as much as it can for your network today. Please come back tomorrow.',
          secondsUntilTomorrow(at),
        );
      }
      if (await countUsage(db, usageDay(at), 'all') > limits.dailyCap) {
        throw tooMany('ai_daily_cap', 'Essay Studio has written as much as it can for today. Please come back tomorrow.', secondsUntilTomorrow(at));
      }
    },

    async takeSupplemental(uid) {
      const at = clock();
      const used = await countUsage(db, usageDay(at), supplementalKey(uid));
      if (used > limits.supplementalPerDay) {
        await uncountUsage(db, usageDay(at), supplementalKey(uid));
        throw tooMany(
          'supplemental_quota',
          `Supplemental essays are free, up to ${limits.supplementalPerDay} a day on each browser, and you have used today's. You can write more tomorrow.`,
          secondsUntilTomorrow(at),
        );
      }
      return { limit: limits.supplementalPerDay, remaining: limits.supplementalPerDay - used };
    },

    async returnSupplemental(uid) {
      await uncountUsage(db, usageDay(clock()), supplementalKey(uid));
    },

    async supplementalQuota(uid) {
      const used = await readUsage(db, usageDay(clock()), supplementalKey(uid));
      return { limit: limits.supplementalPerDay, remaining: Math.max(0, limits.supplementalPerDay - used) };
    },
  };
}
