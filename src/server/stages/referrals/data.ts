// Referrals in a student's data: the browser's referral account, and the referrals it made or came through.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ERASE_BATCH, inBatches, updated } from '../../db/studentErase.ts';
import { EXPORT_PAGE_ROWS, keyset, single, textAfter } from '../../db/studentExport.ts';
import type { ExportPages, StageData } from '../../db/studentData.ts';

/** That a referral happened and its state: as the referred browser (its own e-mail and checkout), or as the referrer. */
async function* referrals(db: Kysely<Database>, uid: string): ExportPages {
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

export const referralsData: StageData = {
  tables: {
    // Erased, unless it owes a reward a refund took back: that debt is repaid from its next credits.
    referral_accounts: { rows: 'anonymise', uids: ['uid'] },
    // The referred browser's row: gone while it earned nothing; one that earned a credit stays (a refund must be
    // able to reverse it) without the e-mail. The referrer's uid leaves the referrals that earned it nothing.
    referrals: { rows: 'anonymise', uids: ['referee_uid', 'referrer_uid'], emails: ['referee_email'] },
  },
  exportSections: (db, uid) => [
    ['referral_accounts', () => single(db.selectFrom('referral_accounts').selectAll().where('uid', '=', uid).execute())],
    ['referrals', () => referrals(db, uid)],
  ],
  erase: async (db, uid) => {
    await db.deleteFrom('referral_accounts').where('uid', '=', uid).where('owed_cents', '=', 0).execute();
    // This browser as the referred one: its own row.
    await db.deleteFrom('referrals').where('referee_uid', '=', uid).where('converted_at', 'is', null).execute();
    await db.updateTable('referrals').set({ referee_email: '' }).where('referee_uid', '=', uid).execute();
    // This browser as the referrer: the referred browsers' rows stay theirs, without this uid; a referral
    // that earned this browser a credit is a money record and keeps it.
    await inBatches(ERASE_BATCH.rows, async (limit) => updated(await db.updateTable('referrals').set({ referrer_uid: '' })
      .where('referee_uid', 'in', (eb) => eb.selectFrom('referrals').select('referee_uid')
        .where('referrer_uid', '=', uid).where('converted_at', 'is', null).limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [
    { table: 'referral_accounts', column: 'uid', filter: 'owed_cents = 0' },
    { table: 'referrals', column: 'referee_uid', filter: "(converted_at is null or referee_email <> '')" },
  ],
  lastActivity: [
    sql`(select created_at from referral_accounts where uid = u.uid)`,
    sql`(select max(coalesce(converted_at, created_at)) from referrals where referee_uid = u.uid)`,
  ],
};
