// Whose work an approved pairing opens, as the new device shows it before taking the session: the first name
// from the questionnaire and when the student's first device was first seen.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface PairingOwner { firstName: string | null; startedAt: string | null }

const firstNameOf = (document: unknown): string | null => {
  const fullName = (document as { basicInfo?: { fullName?: unknown } } | null)?.basicInfo?.fullName;
  const first = typeof fullName === 'string' ? fullName.trim().split(/\s+/)[0] ?? '' : '';
  return first === '' ? null : first.slice(0, 80);
};

export async function pairingOwner(db: Kysely<Database>, uid: string): Promise<PairingOwner> {
  const form = await db.selectFrom('forms').select('document').where('uid', '=', uid).executeTakeFirst();
  const started = await db.selectFrom('device_sessions').select((eb) => eb.fn.min('first_seen_at').as('first')).where('uid', '=', uid)
    .executeTakeFirst();
  const first = started?.first as Date | string | null | undefined;
  return { firstName: firstNameOf(form?.document), startedAt: first == null ? null : new Date(first).toISOString() };
}
