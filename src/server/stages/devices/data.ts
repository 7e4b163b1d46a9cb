// The devices' part of a student's data: their sessions, exported (without the secrets' digests) in the
// section the app shows as "Your devices"; erasing the student's data signs every device out, leaving only the signed-out earlier row that
// keeps their cookies from before refused (a tombstone of sorts, forgotten once no such cookie can exist).
import { sql } from 'kysely';
import type { StageData } from '../../db/studentData.ts';
import { single } from '../../db/studentExport.ts';
import { signOutEveryDevice } from '../../session/deviceSessions.ts';

export const devicesData: StageData = {
  tables: { device_sessions: { rows: 'tombstone', uids: ['uid'] } },
  exportSections: (db, uid) => [
    ['device_sessions', () => single(db.selectFrom('device_sessions')
      .select(['id', 'label', 'earlier', 'first_seen_at', 'last_seen_at', 'signed_out_at'])
      .where('uid', '=', uid).orderBy('first_seen_at').orderBy('id').execute())],
  ],
  onTombstone: async (trx, uid, at) => signOutEveryDevice(trx, uid, at),
  lastActivity: [sql`(select max(last_seen_at) from device_sessions where uid = u.uid and signed_out_at is null)`],
};
