// How many new anonymous sessions one client network may start per window. A new session is a fresh set of
// per-browser allowances (AI calls, free supplemental essays), so an address that mints them in bulk is
// slowed here; a returning browser (a valid cookie) is never counted.
import { HttpError } from '../http/errors.ts';
import type { LimitStore, WindowLimit } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';
import { waitInWords } from '../limits/waitInWords.ts';

export interface SessionBudget {
  /** Counts one new session for the caller's network, or throws a 429 once it has started too many. */
  admitNew(ip: string): Promise<void>;
}

export function createSessionBudget(store: LimitStore, limit: WindowLimit): SessionBudget {
  return {
    async admitNew(ip) {
      const verdict = await store.hit(`sessions:${networkKey(ip)}`, limit);
      if (verdict.allowed) return;
      throw HttpError.retryLater('too_many_sessions', `Too many new visitors from your network. Please wait `
        + `${waitInWords(verdict.retryAfterSeconds)} and try again.`, verdict.retryAfterSeconds);
    },
  };
}
