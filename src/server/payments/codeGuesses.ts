// Bounds on wrong discount codes, per browser and per network, counted in the shared limit store. Only wrong
// answers count (a code that is not this browser's, or none at all): a student re-checking their own code is
// never slowed down. Once either bound is reached, every code check waits until its window ends.
import { HttpError } from '../http/errors.ts';
import type { LimitStore, WindowLimit } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';

export const WRONG_CODES_PER_BROWSER: WindowLimit = { max: 5, windowMs: 15 * 60_000 };
export const WRONG_CODES_PER_IP: WindowLimit = { max: 15, windowMs: 15 * 60_000 };

export const TOO_MANY_WRONG_CODES = 'Too many wrong discount codes. Please wait a few minutes and try again.';

export interface CodeGuessGuard {
  /** Throws 429 when this browser or network has used up its wrong codes. */
  admit(uid: string | null, ip: string): Promise<void>;
  /** Counts one wrong code against both. */
  wrong(uid: string | null, ip: string): Promise<void>;
}

const browserKey = (uid: string) => `discount:wrong:browser:${uid}`;
// Per network like every other per-client limit: an IPv6 client is its /64, not one of its many addresses.
const ipKey = (ip: string) => `discount:wrong:ip:${networkKey(ip)}`;

export function createCodeGuessGuard(store: LimitStore): CodeGuessGuard {
  return {
    async admit(uid, ip) {
      // Full windows refuse: peek answers count <= max, so a window holding max wrong codes is already spent.
      const verdicts = await Promise.all([
        uid === null ? undefined : store.peek(browserKey(uid), WRONG_CODES_PER_BROWSER),
        store.peek(ipKey(ip), WRONG_CODES_PER_IP),
      ]);
      const limits = [WRONG_CODES_PER_BROWSER, WRONG_CODES_PER_IP];
      verdicts.forEach((verdict, index) => {
        const limit = limits[index];
        if (verdict && limit && verdict.count >= limit.max) {
          const retry = Math.max(1, verdict.retryAfterSeconds || Math.ceil(limit.windowMs / 1000));
          throw HttpError.retryLater('discount_code_attempts', TOO_MANY_WRONG_CODES, retry);
        }
      });
    },
    async wrong(uid, ip) {
      if (uid !== null) await store.hit(browserKey(uid), WRONG_CODES_PER_BROWSER);
      await store.hit(ipKey(ip), WRONG_CODES_PER_IP);
    },
  };
}
