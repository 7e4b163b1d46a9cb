// The analytics store's part of a student's data: their events, the funnel steps they reached and the days
// they came. The daily rollups hold no browser.
import { sql } from 'kysely';
import { deleted, ERASE_BATCH, inBatches } from '../../db/studentErase.ts';
import { dayText, EXPORT_PAGE_ROWS, keyset, numberAfter, textAfter } from '../../db/studentExport.ts';
import type { StageData } from '../../db/studentData.ts';

export const analyticsData: StageData = {
  tables: {
    events: { rows: 'erase', uids: ['uid'] },
    funnel_users: { rows: 'erase', uids: ['uid'] },
    daily_visitors: { rows: 'erase', uids: ['uid'] },
    event_daily: { rows: 'none' },
  },
  exportSections: (db, uid) => [
    ['events', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('events').selectAll()
      .where('uid', '=', uid).where('id', '>', numberAfter(after, 'id')).orderBy('id').limit(limit).execute())],
    ['funnel_users', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('funnel_users').selectAll()
      .where('uid', '=', uid).where('step', '>', textAfter(after, 'step')).orderBy('step').limit(limit).execute())],
    ['daily_visitors', () => keyset(EXPORT_PAGE_ROWS, (after, limit) => db.selectFrom('daily_visitors').select(['uid', dayText])
      .where('uid', '=', uid).where(sql<boolean>`day > cast(${textAfter(after, 'day', '0001-01-01')} as date)`).orderBy('day').limit(limit).execute())],
  ],
  erase: async (db, uid) => {
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('daily_visitors')
      .where('uid', '=', uid).where('day', 'in', (eb) => eb.selectFrom('daily_visitors').select('day').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('funnel_users')
      .where('uid', '=', uid).where('step', 'in', (eb) => eb.selectFrom('funnel_users').select('step').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
  },
  browsers: [{ table: 'events', column: 'uid' }, { table: 'daily_visitors', column: 'uid' }, { table: 'funnel_users', column: 'uid' }],
  lastActivity: [
    sql`(select received_at from events where uid = u.uid order by id desc limit 1)`,
    sql`(select cast(max(day) as timestamptz) from daily_visitors where uid = u.uid)`,
    sql`(select max(first_at) from funnel_users where uid = u.uid)`,
  ],
};
