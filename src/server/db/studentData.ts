// What the server holds for one browser (a uid), table by table, and what "Delete my data" and the retention
// purge do with it. Every table is classified, with every column that names a browser (its uid, or a key
// built from it) or holds an e-mail address, so a new table or such a column cannot be added without deciding
// what happens to a student's rows in it: the type requires an entry, and a test compares these lists with
// the columns the migrations create. The export (studentExport.ts), the erasure (studentErase.ts) and the
// purge (retentionPurge.ts) follow it; src/server/db/README.md says it in words.
import type { Database } from './schema.ts';

export type RowPolicy =
  /** The browser's rows are exported, then erased. */
  | 'erase'
  /** The browser's rows are exported; erasing removes some and keeps the money records among them, without e-mail. */
  | 'anonymise'
  /** The browser's rows are exported and kept, as the receipt of a payment (no answers, no e-mail). */
  | 'keep'
  /** The record that a browser was erased: kept for the retention period, then deleted. */
  | 'tombstone'
  /** Holds nothing tied to a browser (aggregates, the provider's event ids, the server's own bookkeeping). */
  | 'none';

export interface TablePolicy {
  rows: RowPolicy;
  /** Columns that hold a browser's uid (ai_usage.key holds `supplemental:<uid>`). */
  uids?: readonly string[];
  /** Columns that hold an e-mail address. */
  emails?: readonly string[];
  /** Columns whose names look like a browser's id but hold something else, and what. */
  notBrowser?: Readonly<Record<string, string>>;
}

export const STUDENT_DATA_POLICY = {
  // The document is erased; the row stays, empty, as the form's own tombstone (a newer revision that a stale
  // tab cannot overwrite) until the browser's tombstone expires.
  forms: { rows: 'erase', uids: ['uid'] },
  essay_versions: { rows: 'erase', uids: ['uid'] },
  events: { rows: 'erase', uids: ['uid'] },
  funnel_users: { rows: 'erase', uids: ['uid'] },
  daily_visitors: { rows: 'erase', uids: ['uid'] },
  feedback: { rows: 'erase', uids: ['uid'], emails: ['email'] },
  ai_usage: { rows: 'erase', uids: ['key'] },
  // Erased, unless it owes a reward a refund took back: that debt is repaid from its next credits.
  referral_accounts: { rows: 'anonymise', uids: ['uid'] },
  // A code never used goes; a used one is the discount on a receipt, kept without the address it was sent to.
  discount_codes: { rows: 'anonymise', uids: ['uid', 'used_by'], emails: ['email'], notBrowser: { reserved_by: 'the checkout holding the code' } },
  // The referred browser's row: gone while it earned nothing; one that earned a credit stays (a refund must be
  // able to reverse it) without the e-mail. The referrer's uid leaves the referrals that earned it nothing.
  referrals: { rows: 'anonymise', uids: ['referee_uid', 'referrer_uid'], emails: ['referee_email'] },
  entitlements: { rows: 'keep', uids: ['uid'] },
  purchases: { rows: 'keep', uids: ['uid'] },
  // completed_by: the browser that paid for another's checkout, whose plan the payment also granted (so a
  // refund can take it back).
  checkout_sessions: { rows: 'keep', uids: ['uid', 'completed_by'] },
  local_checkout_sessions: { rows: 'keep', uids: ['client_reference_id'] },
  admin_audit: { rows: 'keep', uids: ['uid'] },
  tombstones: { rows: 'tombstone', uids: ['uid'] },
  event_daily: { rows: 'none' },
  stripe_events: { rows: 'none' },
  schema_migrations: { rows: 'none' },
  maintenance_leases: { rows: 'none' },
  // Daily storage counters under keyed hashes of a browser or a network (never a readable uid), kept one day.
  storage_usage: { rows: 'none', notBrowser: { key: 'a keyed hash of a browser or a network, never a readable uid' } },
} as const satisfies Record<keyof Database, TablePolicy>;

/** ai_usage counts a browser's supplemental essays under this key. */
export const supplementalKey = (uid: string): string => `supplemental:${uid}`;
