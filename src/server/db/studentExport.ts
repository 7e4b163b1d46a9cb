// "Download my data": the browser's rows, table by table, read in pages by key, each page a short indexed
// query, so an export never holds the database or the event loop and never sits in memory whole (the route
// streams the pages as they come). Only what is this browser's: where a row also concerns another browser
// (a referral, a code, a checkout another browser paid for), the other's uid, e-mail and checkout are left out.
import { type Kysely, sql } from 'kysely';
import { ESSAY_VERSIONS_PER_PAGE } from '../../common/limits/limits.ts';
import type { Database } from './schema.ts';
import { supplementalKey } from './studentData.ts';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;
export type ExportPages = AsyncGenerator<Row[]>;

/** Rows per page for the tables whose rows are small (events, feedback, days…). */
export const EXPORT_PAGE_ROWS = 200;

/** Pages of `size` rows, each read after the last row of the one before. */
export async function* keyset<R extends Row>(
  size: number, read: (after: Row | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** The key column of the last row read, or where a table starts. */
const numberAfter = (row: Row | undefined, column: string, start = 0): number => (row === undefined ? start : Number(row[column]));
const textAfter = (row: Row | undefined, column: string, start = ''): string => (row === undefined ? start : String(row[column]));

async function* single(rows: Promise<Row[]>): ExportPages {
  const page = await rows;
  if (page.length > 0) yield page;
}

const dayText = sql<string>`cast(day as text)`.as('day');

/** The tables of the export, in the order they are written, each a source of pages. */
export function exportSections(db: Db, uid: string, versionsFrom: number): Array<[string, () => ExportPages]> {
  const key = supplementalKey(uid);
  return [
    ['forms', () => single(db.selectFrom('forms').selectAll().where('uid', '=', uid).execute())],
    // Versions below a tombstone's mark are being erased: never exported.
    ['essay_versions', () => keyset(ESSAY_VERSIONS_PER_PAGE, (after, limit) => db.selectFrom('essay_versions').selectAll()
      .where('uid', '=', uid).where('revision', '>', numberAfter(after, 'revision', versionsFrom)).orderBy('revision').limit(limit).execute())],
    ['events', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('events').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['funnel_users', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('funnel_users').selectAll()
      .where('uid', '=', uid).where('step', '>', textAfter(after, 'step')).orderBy('step').limit(limit).execute())],
    ['daily_visitors', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('daily_visitors').select(['uid', dayText])
      .where('uid', '=', uid).where(sql<boolean>`day > cast(${textAfter(after, 'day', '0001-01-01')} as date)`).orderBy('day').limit(limit).execute())],
    ['feedback', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('feedback').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['ai_usage', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('ai_usage').select(['key', 'count', dayText])
      .where('key', '=', key).where(sql<boolean>`day > cast(${textAfter(after, 'day', '0001-01-01')} as date)`).orderBy('day').limit(limit).execute())],
    ['referral_accounts', () => single(db.selectFrom('referral_accounts').selectAll().where('uid', '=', uid).execute())],
    ['discount_codes', () => discountCodes(db, uid)],
    ['referrals', () => referrals(db, uid)],
    ['entitlements', () => single(db.selectFrom('entitlements').selectAll().where('uid', '=', uid).execute())],
    ['purchases', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('purchases').selectAll()
      .where('uid', '=', uid).where('transaction_id', '>', textAfter(after, 'transaction_id')).orderBy('transaction_id').limit(limit).execute())],
    ['checkout_sessions', () => checkouts(db, uid)],
    ['local_checkout_sessions', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('local_checkout_sessions').selectAll()
      .where('client_reference_id', '=', uid).where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['admin_audit', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('admin_audit').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
  ];
}

/** The codes this browser asked for (with the address it gave), or used; who else used or holds one is not said. */
async function* discountCodes(db: Db, uid: string): ExportPages {
  const pages = keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('discount_codes').selectAll()
    .where((eb) => eb.or([eb('uid', '=', uid), eb.and([eb('uid', 'is', null), eb('used_by', '=', uid)])]))
    .where('code', '>', textAfter(after, 'code')).orderBy('code').limit(limit).execute());
  for await (const page of pages) {
    yield page.map((row) => ({
      code: row.code, email: row.uid === uid ? row.email : '', created_at: row.created_at, expires_at: row.expires_at,
      used_at: row.used_at, used_by_this_browser: row.used_by === uid, reserved_by_a_checkout: row.reserved_by !== null,
    }));
  }
}

/** That a referral happened and its state: as the referred browser (its own e-mail and checkout), or as the referrer. */
async function* referrals(db: Db, uid: string): ExportPages {
  const own = await db.selectFrom('referrals').selectAll().where('referee_uid', '=', uid).executeTakeFirst();
  if (own) {
    const { referrer_uid: _referrer, ...row } = own;
    yield [{ role: 'referred', ...row }];
  }
  const pages = keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('referrals')
    .select(['referee_uid', 'created_at', 'converted_at', 'reward_cents', 'reversed_at'])
    .where('referrer_uid', '=', uid).where('referee_uid', '>', textAfter(after, 'referee_uid')).orderBy('referee_uid').limit(limit).execute());
  for await (const page of pages) {
    yield page.map(({ referee_uid: _referee, ...row }) => ({ role: 'referrer', ...row }));
  }
}

/** This browser's checkouts; and, without another browser's ids, the checkouts it paid for another browser. */
async function* checkouts(db: Db, uid: string): ExportPages {
  const own = keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('checkout_sessions').selectAll()
    .where('uid', '=', uid).where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute());
  for await (const page of own) {
    yield page.map(({ completed_by: completedBy, ...row }) => ({ ...row, completed_by_another_browser: completedBy !== null }));
  }
  const paidForOthers = keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('checkout_sessions')
    .select(['id', 'status', 'amount_cents', 'paid_at', 'refunded_at'])
    .where('completed_by', '=', uid).where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute());
  for await (const page of paidForOthers) {
    yield page.map(({ id: _id, ...row }) => ({ role: 'paid_for_another_browser', ...row }));
  }
}
