// What every AI call passes before it reaches the engine, after the per-browser and per-network limits per
// window its route's budget declares (aiCallBudget, enforced with every other rate in rateLimits.ts): a daily
// budget per client network, so one address opening fresh anonymous browsers cannot run up the bill, and a
// server-wide daily cap over everyone. A share of each network's budget (AI_PAID_RESERVE_PERCENT) is kept for
// paid essays: free calls are counted apart as well and stop at the rest, so however much a network asks for
// free, its paid students' essays are still written. Supplemental essays, free, also have a per-browser daily
// quota, and the coach's model reviews ("Ask the coach") an allowance per browser per UTC day of their own,
// counted in the limit store (memory, or Redis shared by every instance) under the day and the browser, so no
// row is kept.
// Every refusal is a 429 with Retry-After and words a student understands.
import type { Kysely } from 'kysely';
import type { AiLimits } from '../config.ts';
import { countInTurn, countUsage, uncountUsage, usageDay } from '../db/aiUsage.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { CpuBudget, RouteBudget } from '../limits/budgets.ts';
import type { LimitStore } from '../limits/limitStore.ts';
import { storedNetworkKey } from '../limits/networkKey.ts';
import { secondsUntilTomorrow } from '../limits/waitInWords.ts';

export interface SupplementalQuota { limit: number; remaining: number }

/** A paid essay (the paid plan's own call) may spend the network's reserve; every other AI call is free. */
export type AiCallKind = 'free' | 'paid';

export interface AiGate {
  /** The AI limits the gate and the AI routes' budgets are built from. */
  readonly limits: AiLimits;
  /**
   * Throws a 429 HttpError when this network is over its daily budget (a free call: over the budget less the
   * paid reserve), or the server over its daily cap.
   */
  admit(ip: string, kind: AiCallKind): Promise<void>;
  /** Counts one supplemental essay for the browser, or throws a 429 explaining the daily quota. */
  takeSupplemental(uid: string): Promise<SupplementalQuota>;
  /** Gives the essay back to the quota when it could not be written (an engine failure is not the student's). */
  returnSupplemental(uid: string): Promise<void>;
  /**
   * Counts one model review for the browser: its daily allowance first, then the network's and the server's
   * daily AI budgets (admit, as a free call). Throws a 429 HttpError when any is spent; answers what is left of
   * the allowance.
   */
  takeCoachReview(uid: string, ip: string): Promise<SupplementalQuota>;
  coachReviewsLeft(uid: string): Promise<SupplementalQuota>;
}

/** Every AI allowance is daily: a refusal lasts until midnight UTC. */
const tooMany = (code: string, message: string, at: Date): HttpError =>
  HttpError.retryLater(code, message, secondsUntilTomorrow(at));

/** The AI calls a network may make for free each day: its daily budget less the share kept for paid essays. */
const freeDailyShare = (limits: AiLimits): number =>
  limits.dailyPerIp - Math.ceil(limits.dailyPerIp * limits.paidReservePercent / 100);

export interface AiGateOptions {
  db: Kysely<Database>;
  clock: () => Date;
  limits: AiLimits;
  /** Keys the stored per-network daily counters (the cookie secret), so no address is kept readable. */
  networkSecret: string;
  /** Where the coach's per-browser daily allowance is counted. */
  store: LimitStore;
}

export function createAiGate(options: AiGateOptions): AiGate {
  const { db, clock, limits, networkSecret, store } = options;
  const supplementalKey = (uid: string) => `supplemental:${uid}`;
  // One window per browser per UTC day, ending at midnight UTC like every daily budget.
  const coachWindow = (uid: string, at: Date) => ({
    key: `coach-model:${usageDay(at)}:${uid}`,
    limit: { max: limits.coachReviewsPerDay, windowMs: secondsUntilTomorrow(at) * 1000 },
  });
  const coachLeft = (count: number) => ({ limit: limits.coachReviewsPerDay, remaining: Math.max(0, limits.coachReviewsPerDay - count) });

  const freeShare = freeDailyShare(limits);
  const networkSpent = (at: Date) =>
    tooMany('ai_network_daily_budget', 'Essay Studio has written as much as it can for your network today. Please come back tomorrow.', at);

  async function admit(ip: string, kind: AiCallKind): Promise<void> {
    const at = clock();
    const day = usageDay(at);
    const network = storedNetworkKey(ip, networkSecret);
    // In turn, in one statement: a free call past the free share is not counted for the network, so free
    // calls never add more than the free share to it (the reserve is left for paid essays whatever the network
    // asks for free); a network over its own budget is not counted server-wide, so it cannot use that up either.
    const steps = [
      ...(kind === 'free' ? [{ key: `ip-free:${network}`, max: freeShare }] : []),
      { key: `ip:${network}`, max: limits.dailyPerIp },
      { key: 'all', max: limits.dailyCap },
    ];
    const counts = await countInTurn(db, day, steps);
    const over = steps.findIndex((step, index) => (counts[index] ?? Infinity) > step.max);
    if (over === -1) return;
    if (steps[over]?.key !== 'all') throw networkSpent(at);
    throw tooMany('ai_daily_cap', 'Essay Studio has written as much as it can for today. Please come back tomorrow.', at);
  }

  return {
    limits,
    admit,

    async takeSupplemental(uid) {
      const at = clock();
      const used = await countUsage(db, usageDay(at), supplementalKey(uid));
      if (used > limits.supplementalPerDay) {
        await uncountUsage(db, usageDay(at), supplementalKey(uid));
        throw tooMany('supplemental_quota', `Supplemental essays are free, up to ${limits.supplementalPerDay} a day on `
          + 'each browser, and you have used today\'s. You can write more tomorrow.', at);
      }
      return { limit: limits.supplementalPerDay, remaining: limits.supplementalPerDay - used };
    },

    async returnSupplemental(uid) {
      await uncountUsage(db, usageDay(clock()), supplementalKey(uid));
    },

    async takeCoachReview(uid, ip) {
      const at = clock();
      const { key, limit } = coachWindow(uid, at);
      const verdict = await store.hit(key, limit);
      if (!verdict.allowed) {
        throw tooMany('coach_model_quota',
          `The coach's model answers up to ${limits.coachReviewsPerDay} drafts a day on each browser.`, at);
      }
      await admit(ip, 'free');
      return coachLeft(verdict.count);
    },

    async coachReviewsLeft(uid) {
      const { key, limit } = coachWindow(uid, clock());
      return coachLeft((await store.peek(key, limit)).count);
    },
  };
}

/**
 * The budget of each AI call: AI_RATE_LIMIT_PER_BROWSER and AI_RATE_LIMIT_PER_IP per AI_RATE_LIMIT_WINDOW, one
 * count shared by every call that can reach a model, with the words the gate has always used; the daily budgets
 * are the gate's. Each route states its own CPU figure: their largest inputs differ.
 */
export function aiCallBudget(limits: AiLimits, cpu: CpuBudget): RouteBudget {
  return {
    cpu,
    body: 'contract',
    rate: {
      windowMs: limits.windowMs, perBrowser: limits.perBrowser, perNetwork: limits.perIp, apiAllowance: true, counter: 'ai-calls',
      refusal: { code: 'ai_too_fast', message: 'You are asking for a lot of writing very quickly. Please wait a minute and try again.' },
    },
    storage: { none: 'only the day\'s usage counters (ai_usage): two rows per network (all its calls, its free ones), and one per browser that writes supplemental essays' },
    use: 'a class of 40 asked at once for topics, then questions (80 a minute); a student\'s whole flow with retries is 10–30 calls a day, within AI_DAILY_BUDGET_PER_IP for the network',
  };
}
