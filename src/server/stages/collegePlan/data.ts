// The college planner's part of a student's data: its document, exported whole; "Delete my data" empties it.
import { sql } from 'kysely';
import { single } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';
import { updateCollegePlan } from './repository.ts';

export const collegePlanData: StageData = {
  tables: {
    // The document is erased; the row stays, empty, with its revision (a stale tab's write still conflicts)
    // until the browser's tombstone expires, as the form's does.
    college_plans: { rows: 'erase', uids: ['uid'] },
  },
  exportSections: (db, uid) => [
    ['college_plans', () => single(db.selectFrom('college_plans').selectAll().where('uid', '=', uid).execute())],
  ],
  onTombstone: async (trx, uid, at) => { await updateCollegePlan(trx, { uid, document: null, at }); },
  onTombstoneExpired: async (trx, uid, erasedAt) => {
    await trx.deleteFrom('college_plans').where('uid', '=', uid).where('updated_at', '<=', erasedAt)
      .where(sql<boolean>`document = 'null'::jsonb`).execute();
  },
  browsers: [{ table: 'college_plans', column: 'uid' }],
  lastActivity: [sql`(select updated_at from college_plans where uid = u.uid)`],
};
