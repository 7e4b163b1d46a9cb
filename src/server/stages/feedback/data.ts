// The feedback form's part of a student's data: what they sent, with the address they gave.
import { sql } from 'kysely';
import { deleted, ERASE_BATCH, inBatches } from '../../db/studentErase.ts';
import { EXPORT_PAGE_ROWS, keyset, numberAfter } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';

export const feedbackData: StageData = {
  tables: { feedback: { rows: 'erase', uids: ['uid'], emails: ['email'] } },
  exportSections: (db, uid) => [
    ['feedback', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('feedback').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
  ],
  erase: async (db, uid) => {
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('feedback')
      .where('id', 'in', (eb) => eb.selectFrom('feedback').select('id').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [{ table: 'feedback', column: 'uid' }],
  lastActivity: [sql`(select max(created_at) from feedback where uid = u.uid)`],
};
