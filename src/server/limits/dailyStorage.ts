// The daily storage budgets as a storing route meets them: before it writes, what the request adds (bytes and
// rows) is counted against the route's figures for the browser and for its network on this UTC day, in the
// database, so every instance shares the counts and a restart forgets nothing. Over either figure: a 429 with
// Retry-After until midnight UTC, in words that say nothing already saved is lost. Browsers and networks are
// counted under keyed hashes (never a uid or an address in readable form), and yesterday's counts are dropped.
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { usageDay } from '../db/aiUsage.ts';
import type { Database } from '../db/schema.ts';
import { type DailyKey, forgetDaysBefore, spendDaily } from '../db/storageUsage.ts';
import { HttpError } from '../http/errors.ts';
import { networkStorage, type StorageBudget, type StoredAmount } from './budgets.ts';
import { storedNetworkKey } from './networkKey.ts';
import { secondsUntilTomorrow } from './waitInWords.ts';

export interface DailyStorageOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** Keys the stored network counters (the cookie secret), so no address is kept readable. */
  networkSecret: string;
  studentsPerNetwork: number;
}

export interface StorageSpend {
  /** The route's counter (its method and URL, or the counter its budget names). */
  counter: string;
  storage: StorageBudget;
  /** The browser's uid; null counts the network alone. */
  uid: string | null;
  ip: string;
  amount: StoredAmount;
}

export type SpendStorage = (spend: StorageSpend) => Promise<void>;

const KEPT = 'Nothing already saved is lost, and this device keeps its copy; please try again tomorrow.';

function refusal(who: 'browser' | 'network', what: string, now: Date): HttpError {
  const message = who === 'browser'
    ? `Essay Studio has kept as many ${what} from this browser today as it can. ${KEPT}`
    : `Essay Studio has kept as many ${what} from your network today as it can: everyone at your school or home shares this daily limit. ${KEPT}`;
  return HttpError.retryLater(`daily_storage_${who}`, message, secondsUntilTomorrow(now));
}

export function createDailyStorage(options: DailyStorageOptions): SpendStorage {
  const { db, clock, networkSecret, studentsPerNetwork } = options;
  let forgottenBefore = '';
  const browserKey = (uid: string) => createHmac('sha256', networkSecret).update(`browser:${uid}`).digest('base64url').slice(0, 22);

  return async ({ counter, storage, uid, ip, amount }) => {
    if (amount.bytes <= 0 && amount.rows <= 0) return;
    const now = clock();
    const day = usageDay(now);
    if (day !== forgottenBefore) {
      // Yesterday's counts decide nothing: dropped once a day per instance (tried again if it fails).
      forgottenBefore = day;
      await forgetDaysBefore(db, day).catch(() => {
        forgottenBefore = '';
      });
    }
    const who: Array<'browser' | 'network'> = [];
    const keys: DailyKey[] = [];
    if (uid !== null) {
      who.push('browser');
      keys.push({ key: `${counter}:browser:${browserKey(uid)}`, limit: storage.perBrowser });
    }
    who.push('network');
    keys.push({ key: `${counter}:network:${storedNetworkKey(ip, networkSecret)}`, limit: networkStorage(storage, studentsPerNetwork) });
    const refused = await spendDaily(db, day, keys, { bytes: Math.max(0, amount.bytes), rows: Math.max(0, amount.rows) });
    if (refused !== null) throw refusal(who[refused] ?? 'network', storage.what, now);
  };
}
