// The questionnaire's part of a student's data: the form document.
import { sql } from 'kysely';
import { single } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';
import { clearForm } from './repository.ts';

export const wizardData: StageData = {
  tables: {
    // The document is erased; the row stays, empty, as the form's own tombstone (a newer revision that a stale
    // tab cannot overwrite) until the browser's tombstone expires.
    forms: { rows: 'erase', uids: ['uid'] },
  },
  exportSections: (db, uid) => [['forms', () => single(db.selectFrom('forms').selectAll().where('uid', '=', uid).execute())]],
  onTombstone: async (trx, uid, at) => { await clearForm(trx, { uid, at }); },
  onTombstoneExpired: async (trx, uid, erasedAt) => {
    await trx.deleteFrom('forms').where('uid', '=', uid).where('updated_at', '<=', erasedAt)
      .where(sql<boolean>`document = 'null'::jsonb`).execute();
  },
  browsers: [{ table: 'forms', column: 'uid' }],
  lastActivity: [sql`(select updated_at from forms where uid = u.uid)`],
};
