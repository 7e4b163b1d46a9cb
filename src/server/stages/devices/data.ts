// The devices' part of a student's data: their sessions and the pairings they approved (never a code's or a
// pairing id's digest; erased with the student), the sessions exported (without the secrets' digests) in the
// section the app shows as "Your devices". The erasure itself leaves them: "Delete my data" then signs every
// other device out (src/server/routes/myData.ts), keeping the one that asked so its requests under way are
// not refused; the sessions of a student the retention purge erases end on their own, idle for 90 days.
import { sql } from 'kysely';
import type { StageData } from '../../db/studentData.ts';
import { single } from '../../db/studentExport.ts';
import './pairingsTable.ts';

export const devicesData: StageData = {
  tables: {
    device_sessions: { rows: 'keep', uids: ['uid'] },
    // A pairing names the approving student once approved; it lives 10 minutes.
    device_pairings: { rows: 'erase', uids: ['uid'], notBrowser: { device_id: 'the public id of the asking browser\'s session, not a uid' } },
  },
  exportSections: (db, uid) => [
    ['device_sessions', () => single(db.selectFrom('device_sessions')
      .select(['id', 'label', 'earlier', 'first_seen_at', 'last_seen_at', 'signed_out_at'])
      .where('uid', '=', uid).orderBy('first_seen_at').orderBy('id').execute())],
    ['device_pairings', () => single(db.selectFrom('device_pairings')
      .select(['id', 'label', 'state', 'created_at', 'expires_at'])
      .where('uid', '=', uid).orderBy('created_at').orderBy('id').execute())],
  ],
  erase: async (db, uid) => {
    await db.deleteFrom('device_pairings').where('uid', '=', uid).execute();
  },
  lastActivity: [sql`(select max(last_seen_at) from device_sessions where uid = u.uid and signed_out_at is null)`],
};
