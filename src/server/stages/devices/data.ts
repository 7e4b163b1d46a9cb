// The devices' part of a student's data: their sessions, exported (without the secrets' digests) in the
// section the app shows as "Your devices". The erasure itself leaves them: "Delete my data" then signs every
// other device out (src/server/routes/myData.ts), keeping the one that asked so its requests under way are
// not refused; the sessions of a student the retention purge erases end on their own, idle for 90 days.
import { sql } from 'kysely';
import type { StageData } from '../../db/studentData.ts';
import { single } from '../../db/studentExport.ts';

export const devicesData: StageData = {
  tables: { device_sessions: { rows: 'keep', uids: ['uid'] } },
  exportSections: (db, uid) => [
    ['device_sessions', () => single(db.selectFrom('device_sessions')
      .select(['id', 'label', 'earlier', 'first_seen_at', 'last_seen_at', 'signed_out_at'])
      .where('uid', '=', uid).orderBy('first_seen_at').orderBy('id').execute())],
  ],
  lastActivity: [sql`(select max(last_seen_at) from device_sessions where uid = u.uid and signed_out_at is null)`],
};
