// The purchase's part of a student's data: the plan, the payments and the checkouts, kept as the receipt of a
// payment (no answers, no e-mail) when the rest is erased.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { EXPORT_PAGE_ROWS, keyset, single, textAfter } from '../../db/studentExport.ts';
import type { ExportPages, StageData } from '../../db/studentData.ts';

/** This browser's checkouts; and, without another browser's ids, the checkouts it paid for another browser. */
async function* checkouts(db: Kysely<Database>, uid: string): ExportPages {
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

export const checkoutData: StageData = {
  tables: {
    entitlements: { rows: 'keep', uids: ['uid'] },
    purchases: { rows: 'keep', uids: ['uid'] },
    // completed_by: the browser that paid for another's checkout, whose plan the payment also granted (so a
    // refund can take it back).
    checkout_sessions: { rows: 'keep', uids: ['uid', 'completed_by'] },
    local_checkout_sessions: { rows: 'keep', uids: ['client_reference_id'] },
    stripe_events: { rows: 'none' },
  },
  exportSections: (db, uid) => [
    ['entitlements', () => single(db.selectFrom('entitlements').selectAll().where('uid', '=', uid).execute())],
    ['purchases', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('purchases').selectAll()
      .where('uid', '=', uid).where('transaction_id', '>', textAfter(after, 'transaction_id')).orderBy('transaction_id').limit(limit).execute())],
    ['checkout_sessions', () => checkouts(db, uid)],
    ['local_checkout_sessions', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('local_checkout_sessions').selectAll()
      .where('client_reference_id', '=', uid).where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute())],
  ],
  lastActivity: [
    sql`(select max(coalesce(paid_at, created_at)) from checkout_sessions where uid = u.uid or completed_by = u.uid)`,
    sql`(select updated_at from entitlements where uid = u.uid)`,
    sql`(select max(at) from purchases where uid = u.uid)`,
  ],
};
