// The operator's part of a student's data: the record of plan changes made for the browser, kept.
import { sql } from 'kysely';
import { EXPORT_PAGE_ROWS, keyset, numberAfter } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';

export const adminData: StageData = {
  tables: { admin_audit: { rows: 'keep', uids: ['uid'] } },
  exportSections: (db, uid) => [
    ['admin_audit', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('admin_audit').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
  ],
  lastActivity: [sql`(select max(at) from admin_audit where uid = u.uid)`],
};
