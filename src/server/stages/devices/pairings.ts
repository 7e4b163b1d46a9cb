// The pairings' repository: a new device's pending request, its code looked up and approved, the poll that
// takes the approved session once, and the end of expired ones. Codes and pairing ids are stored as digests.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_LIFETIME_MINUTES } from '../../../common/devices/pairingCode.ts';
import type { Database } from '../../db/schema.ts';
import type { DevicePairingsTable } from './pairingsTable.ts';

type Db = Kysely<Database>;
export type PairingRow = DevicePairingsTable;

/** Near misses (a wrong code with this pairing's first half) that end a pending pairing. */
export const WRONG_CODES_PER_PAIRING = 5;
const LIFETIME_MS = PAIRING_LIFETIME_MINUTES * 60_000;

/** Postgres's unique_violation: the code drawn is already pending. */
const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const halfOf = (code: string): string => code.slice(0, PAIRING_CODE_LENGTH / 2);
const newCode = (): string => Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

export interface StartedPairing { pairingId: string; code: string; expiresAt: Date }

/** A pending pairing for the asking browser's session; a code that is already pending is drawn again. */
export async function startPairing(db: Db, asking: { deviceId: string; label: string; at: Date }): Promise<StartedPairing> {
  for (let attempt = 0; ; attempt += 1) {
    const pairingId = randomBytes(32).toString('base64url');
    const code = newCode();
    const expiresAt = new Date(asking.at.getTime() + LIFETIME_MS);
    try {
      await db.insertInto('device_pairings').values({
        id: randomBytes(16).toString('base64url'), pairing_hash: digest(pairingId), code_hash: digest(code), half_hash: digest(halfOf(code)),
        device_id: asking.deviceId, label: asking.label, uid: null, state: 'pending', wrong_codes: 0,
        created_at: asking.at, expires_at: expiresAt, last_polled_at: null,
      }).execute();
      return { pairingId, code, expiresAt };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

export const findPairing = (db: Db, pairingId: string): Promise<PairingRow | undefined> =>
  db.selectFrom('device_pairings').selectAll().where('pairing_hash', '=', digest(pairingId)).executeTakeFirst();

export async function markPolled(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('device_pairings').set({ last_polled_at: at }).where('id', '=', id).execute();
}

/** The approved pairing becomes used: true for the one poll that takes it. */
export async function takePairing(db: Db, id: string): Promise<boolean> {
  const taken = await db.updateTable('device_pairings').set({ state: 'used' }).where('id', '=', id).where('state', '=', 'approved').executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

export type CodeLookup = { state: 'live'; pairing: PairingRow } | { state: 'expired' | 'used' } | { state: 'wrong' };

/** What a typed code (its 8 letters) stands for: a live pending pairing, one that is over, or none at all. */
export async function lookUpCode(db: Db, code: string, now: Date): Promise<CodeLookup> {
  const rows = await db.selectFrom('device_pairings').selectAll().where('code_hash', '=', digest(code))
    .orderBy('created_at', 'desc').limit(5).execute();
  const live = rows.find((row) => row.state === 'pending' && row.expires_at > now);
  if (live !== undefined) return { state: 'live', pairing: live };
  if (rows.length === 0) return { state: 'wrong' };
  return { state: rows.some((row) => row.state === 'pending' && row.expires_at <= now) ? 'expired' : 'used' };
}

/**
 * A wrong code counts against the pending pairings whose code starts with the same four letters: after
 * WRONG_CODES_PER_PAIRING such near misses the pairing ends, so no one gets more than a few tries at its
 * second half, from however many networks.
 */
export async function countNearMiss(db: Db, code: string, now: Date): Promise<void> {
  const half = digest(halfOf(code));
  await db.updateTable('device_pairings').set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('half_hash', '=', half).where('state', '=', 'pending').where('expires_at', '>', now).execute();
  await db.updateTable('device_pairings').set({ state: 'ended' })
    .where('half_hash', '=', half).where('state', '=', 'pending').where('wrong_codes', '>=', WRONG_CODES_PER_PAIRING).execute();
}

/** Approves a live pending pairing for the student: false when it ended or expired meanwhile. */
export async function approvePairing(db: Db, id: string, uid: string, now: Date): Promise<boolean> {
  const approved = await db.updateTable('device_pairings').set({ state: 'approved', uid })
    .where('id', '=', id).where('state', '=', 'pending').where('expires_at', '>', now).executeTakeFirst();
  return approved.numUpdatedRows > 0n;
}

/** Deletes, up to `limit` at a time, the pairings expired before `now`; answers how many. */
export async function deleteExpiredPairings(db: Db, now: Date, limit: number): Promise<number> {
  const gone = await db.deleteFrom('device_pairings').where('id', 'in', (eb) => eb.selectFrom('device_pairings').select('id')
    .where('expires_at', '<', now).limit(limit)).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
