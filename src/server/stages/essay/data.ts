// The essays' part of a student's data: their versions, and the day counts of free supplemental essays.
import { sql } from 'kysely';
import { deleted, ERASE_BATCH, inBatches } from '../../db/studentErase.ts';
import { dayText, EXPORT_PAGE_ROWS, keyset, textAfter } from '../../db/studentExport.ts';
import { type StageData, supplementalKey } from '../../db/studentData.ts';
import { essayVersionRowPages } from './versionRepository.ts';

export const essayData: StageData = {
  tables: {
    essay_versions: { rows: 'erase', uids: ['uid'] },
    ai_usage: { rows: 'erase', uids: ['key'] },
  },
  exportSections: (db, uid, versionsFrom) => [
    // Versions below a tombstone's mark are being erased: never exported.
    // In pages cut by bytes, like a device's read: each is one slice of the loop's time.
    ['essay_versions', () => essayVersionRowPages(db, uid, versionsFrom)],
    ['ai_usage', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('ai_usage').select(['key', 'count', dayText])
      .where('key', '=', supplementalKey(uid)).where(sql<boolean>`day > cast(${textAfter(after, 'day', '0001-01-01')} as date)`)
      .orderBy('day').limit(limit).execute())],
  ],
  erase: async (db, uid, mark) => {
    // Only the versions stored before the tombstone: ones a device stores after it are the student's new work.
    await inBatches(ERASE_BATCH.versions, async (limit) => deleted(await db.deleteFrom('essay_versions')
      .where('uid', '=', uid).where('id', 'in', (eb) => eb.selectFrom('essay_versions').select('id')
        .where('uid', '=', uid).where('revision', '<', mark).limit(limit))
      .executeTakeFirstOrThrow()));
    const key = supplementalKey(uid);
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('ai_usage')
      .where('key', '=', key).where('day', 'in', (eb) => eb.selectFrom('ai_usage').select('day').where('key', '=', key).limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [{ table: 'essay_versions', column: 'uid' }, { table: 'ai_usage', column: 'key', prefix: supplementalKey('') }],
  lastActivity: [
    sql`(select stored_at from essay_versions where uid = u.uid order by revision desc limit 1)`,
    sql`(select cast(max(day) as timestamptz) from ai_usage where key = ${supplementalKey('')} || u.uid)`,
  ],
};
