// The shares' part of a student's data: the links with their snapshots, the readers' comments on them and the
// student's replies, all in the export (never a link's secret digest, nor a reader's session); erasing the
// student deletes the shares, and their comments, replies and reader sessions with them.
import { sql } from 'kysely';
import { deleted, ERASE_BATCH, inBatches } from '../../db/studentErase.ts';
import { EXPORT_PAGE_ROWS, keyset, textAfter } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';
import './sharesTables.ts';

export const sharesData: StageData = {
  tables: {
    shares: { rows: 'erase', uids: ['uid'] },
    // Tied to a student through their share only, and deleted with it.
    reader_sessions: { rows: 'erase' },
    share_comments: { rows: 'erase' },
    share_replies: { rows: 'erase' },
  },
  exportSections: (db, uid) => [
    ['shares', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('shares')
      .select(['id', 'essay_key', 'version_id', 'title', 'snapshot', 'reader_name', 'created_at', 'expires_at', 'stopped_at'])
      .where('uid', '=', uid).where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['share_comments', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('share_comments')
      .select(['id', 'share_id', 'text', 'quote', 'prefix', 'suffix', 'quote_start', 'quote_end', 'resolved', 'created_at', 'updated_at'])
      .where('share_id', 'in', (eb) => eb.selectFrom('shares').select('id').where('uid', '=', uid))
      .where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['share_replies', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('share_replies')
      .select(['id', 'comment_id', 'text', 'created_at'])
      .where('comment_id', 'in', (eb) => eb.selectFrom('share_comments').select('share_comments.id')
        .innerJoin('shares', 'shares.id', 'share_comments.share_id').where('shares.uid', '=', uid))
      .where('id', '>', textAfter(after, 'id')).orderBy('id').limit(limit).execute())],
  ],
  erase: async (db, uid) => {
    await inBatches(ERASE_BATCH.versions, async (limit) => deleted(await db.deleteFrom('shares')
      .where('id', 'in', (eb) => eb.selectFrom('shares').select('id').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [{ table: 'shares', column: 'uid' }],
  lastActivity: [sql`(select max(created_at) from shares where uid = u.uid)`],
};
