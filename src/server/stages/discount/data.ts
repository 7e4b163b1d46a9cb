// Discount codes in a student's data: the codes this browser asked for (with the address it gave) or used.
import { sql } from 'kysely';
import { deleted, ERASE_BATCH, inBatches, updated } from '../../db/studentErase.ts';
import { EXPORT_PAGE_ROWS, keyset, textAfter } from '../../db/studentExport.ts';
import type { ExportPages, StageData } from '../../db/studentData.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The codes this browser asked for (with the address it gave), or used; who else used or holds one is not said. */
async function* discountCodes(db: Kysely<Database>, uid: string): ExportPages {
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

export const discountData: StageData = {
  tables: {
    // A code never used goes; a used one is the discount on a receipt, kept without the address it was sent to.
    discount_codes: { rows: 'anonymise', uids: ['uid', 'used_by'], emails: ['email'], notBrowser: { reserved_by: 'the checkout holding the code' } },
  },
  exportSections: (db, uid) => [['discount_codes', () => discountCodes(db, uid)]],
  erase: async (db, uid) => {
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('discount_codes')
      .where('code', 'in', (eb) => eb.selectFrom('discount_codes').select('code').where('uid', '=', uid).where('used_at', 'is', null).limit(limit))
      .executeTakeFirstOrThrow()));
    await inBatches(ERASE_BATCH.rows, async (limit) => updated(await db.updateTable('discount_codes').set({ email: '' })
      .where('code', 'in', (eb) => eb.selectFrom('discount_codes').select('code')
        .where((or) => or.or([or('uid', '=', uid), or('used_by', '=', uid)])).where('email', '<>', '').limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [{ table: 'discount_codes', column: 'uid', filter: "(used_at is null or email <> '')" }],
  lastActivity: [sql`(select max(coalesce(used_at, created_at)) from discount_codes where uid = u.uid or used_by = u.uid)`],
};
