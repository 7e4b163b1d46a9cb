// GET /api/whoami is the hottest read. Under load, the lookups that arrive in one turn of the event loop are
// answered by a single query (uid = any($1)), so many browsers asking at once cost one database round trip
// instead of one each: PGlite runs one statement at a time, and its per-statement cost dominates a lookup.
// Every answer still comes from a read made after the request arrived; nothing is cached.
import type { Kysely } from 'kysely';
import type { Plan } from '../../common/contract/contract.ts';
import { findPlans } from './entitlements.ts';
import type { Database } from './schema.ts';

export type PlanReader = (uid: string) => Promise<Plan | undefined>;

interface Waiter {
  resolve: (plan: Plan | undefined) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;

export function createPlanReader(db: Kysely<Database>): PlanReader {
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const uids = [...batch.keys()];
    for (let start = 0; start < uids.length; start += MAX_BATCH) {
      const slice = uids.slice(start, start + MAX_BATCH);
      try {
        const plans = await findPlans(db, slice);
        for (const uid of slice) for (const waiter of batch.get(uid) ?? []) waiter.resolve(plans.get(uid));
      } catch (error) {
        for (const uid of slice) for (const waiter of batch.get(uid) ?? []) waiter.reject(error);
      }
    }
  }

  return (uid) => new Promise<Plan | undefined>((resolve, reject) => {
    const waiters = waiting.get(uid);
    if (waiters) waiters.push({ resolve, reject });
    else waiting.set(uid, [{ resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      // After the poll phase has read every request that is ready, before the loop waits again.
      setImmediate(() => void flush());
    }
  });
}
