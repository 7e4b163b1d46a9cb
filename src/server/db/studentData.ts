// Everything the server holds for one browser (a uid): gathered for "Download my data", erased for "Delete my
// data" and by the retention purge. Every table is classified below, so a new table cannot be added without
// deciding what happens to a student's rows in it (the type requires an entry; a test compares the list with
// the tables the migrations create).
//
// What erasing keeps, and why: the money records the law requires a business to keep (the purchase, the
// checkout that took it, the plan it granted, and the operator's plan changes), holding no answers and no
// e-mail address; and, for a referral that earned a credit, the row without the referred student's e-mail, so
// a later refund can still reverse the credit.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Policy =
  /** Rows of the uid are exported and erased. */
  | 'erase'
  /** Rows of the uid are exported and kept, as the receipt of a payment (no answers, no e-mail). */
  | 'keep'
  /** The student's rows are partly erased, partly anonymised (see eraseStudentData). */
  | 'anonymise'
  /** Holds nothing tied to a browser (aggregates, the provider's event ids, the migrations' own table). */
  | 'none';

export const STUDENT_DATA_POLICY = {
  forms: 'erase',
  essay_versions: 'erase',
  events: 'erase',
  funnel_users: 'erase',
  daily_visitors: 'erase',
  feedback: 'erase',
  ai_usage: 'erase',
  referral_accounts: 'erase',
  discount_codes: 'anonymise',
  referrals: 'anonymise',
  entitlements: 'keep',
  purchases: 'keep',
  checkout_sessions: 'keep',
  local_checkout_sessions: 'keep',
  admin_audit: 'keep',
  event_daily: 'none',
  storage_usage: 'none',
  stripe_events: 'none',
  schema_migrations: 'none',
} as const satisfies Record<keyof Database, Policy>;

const supplementalKey = (uid: string): string => `supplemental:${uid}`;

/** One browser's rows, table by table, as JSON can carry them. */
export async function collectStudentData(db: Kysely<Database>, uid: string): Promise<Record<string, unknown[]>> {
  const [forms, versions, events, funnel, visitors, feedback, usage, referralAccounts, codes, referrals, entitlements, purchases, checkouts, localCheckouts, audit] = await Promise.all([
    db.selectFrom('forms').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('essay_versions').selectAll().where('uid', '=', uid).orderBy('essay_key').orderBy('at', 'desc').execute(),
    db.selectFrom('events').selectAll().where('uid', '=', uid).orderBy('id').execute(),
    db.selectFrom('funnel_users').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('daily_visitors').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('feedback').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('ai_usage').selectAll().where('key', '=', supplementalKey(uid)).execute(),
    db.selectFrom('referral_accounts').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('discount_codes').selectAll().where((eb) => eb.or([eb('uid', '=', uid), eb('used_by', '=', uid), eb('reserved_by', '=', uid)])).execute(),
    db.selectFrom('referrals').selectAll().where((eb) => eb.or([eb('referee_uid', '=', uid), eb('referrer_uid', '=', uid)])).execute(),
    db.selectFrom('entitlements').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('purchases').selectAll().where('uid', '=', uid).execute(),
    // Card details are never stored: a checkout row holds amounts, status and the provider's ids.
    db.selectFrom('checkout_sessions').selectAll().where('uid', '=', uid).execute(),
    db.selectFrom('local_checkout_sessions').selectAll().where('client_reference_id', '=', uid).execute(),
    db.selectFrom('admin_audit').selectAll().where('uid', '=', uid).execute(),
  ]);
  return {
    forms, essay_versions: versions, events, funnel_users: funnel, daily_visitors: visitors, feedback, ai_usage: usage,
    referral_accounts: referralAccounts, discount_codes: codes, referrals, entitlements, purchases,
    checkout_sessions: checkouts, local_checkout_sessions: localCheckouts, admin_audit: audit,
  };
}

/**
 * Erases one browser's data in one transaction. The form document becomes a tombstone (no document, the next
 * revision) rather than disappearing, so a tab still holding the old copy gets a conflict instead of writing
 * it back as a new document.
 */
export async function eraseStudentData(db: Kysely<Database>, uid: string, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => eraseIn(trx, uid, at));
}

async function eraseIn(trx: Transaction<Database>, uid: string, at: Date): Promise<void> {
  await trx.updateTable('forms')
    .set({ document: sql<unknown>`cast('null' as jsonb)`, revision: sql<number>`revision + 1`, updated_at: at })
    .where('uid', '=', uid).execute();
  await trx.deleteFrom('essay_versions').where('uid', '=', uid).execute();
  await trx.deleteFrom('events').where('uid', '=', uid).execute();
  await trx.deleteFrom('funnel_users').where('uid', '=', uid).execute();
  await trx.deleteFrom('daily_visitors').where('uid', '=', uid).execute();
  await trx.deleteFrom('feedback').where('uid', '=', uid).execute();
  await trx.deleteFrom('ai_usage').where('key', '=', supplementalKey(uid)).execute();
  await trx.deleteFrom('referral_accounts').where('uid', '=', uid).execute();
  // Codes never used go; a used code is the discount on a receipt, kept without the address it was sent to.
  await trx.deleteFrom('discount_codes').where('uid', '=', uid).where('used_at', 'is', null).execute();
  await trx.updateTable('discount_codes').set({ email: '' })
    .where((eb) => eb.or([eb('uid', '=', uid), eb('used_by', '=', uid)])).execute();
  // Referrals that earned nothing go; one that earned a credit stays (a refund must be able to reverse it),
  // without the referred student's e-mail.
  await trx.deleteFrom('referrals').where('converted_at', 'is', null)
    .where((eb) => eb.or([eb('referee_uid', '=', uid), eb('referrer_uid', '=', uid)])).execute();
  await trx.updateTable('referrals').set({ referee_email: '' })
    .where((eb) => eb.or([eb('referee_uid', '=', uid), eb('referrer_uid', '=', uid)])).execute();
}

/** An arbitrary constant that names "Essay Studio retention purge" among advisory locks. */
const PURGE_LOCK_KEY = 7_240_513_015;
const BROWSERS_PER_PURGE = 500;

/**
 * Erases the data of browsers whose form document has not changed since `cutoff` and that have sent no event
 * and stored no essay version since then. One instance at a time (an advisory lock on a pinned connection); null when another held it.
 */
export async function purgeIdleStudents(db: Kysely<Database>, cutoff: Date, at: Date): Promise<string[] | null> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PURGE_LOCK_KEY}::bigint) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return null;
    try {
      const idle = await connection.selectFrom('forms').select('uid')
        .where('updated_at', '<', cutoff)
        .where(sql<boolean>`document is not null and document <> 'null'::jsonb`)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('events').select('events.uid').whereRef('events.uid', '=', 'forms.uid').where('events.received_at', '>=', cutoff),
        )))
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('essay_versions').select('essay_versions.uid').whereRef('essay_versions.uid', '=', 'forms.uid')
            .where('essay_versions.stored_at', '>=', cutoff),
        )))
        .limit(BROWSERS_PER_PURGE)
        .execute();
      for (const { uid } of idle) await connection.transaction().execute(async (trx) => eraseIn(trx, uid, at));
      return idle.map(({ uid }) => uid);
    } finally {
      await sql`select pg_advisory_unlock(${PURGE_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
