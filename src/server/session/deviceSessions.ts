// The device sessions of the students: one row per signed-in browser, found by the digest of its cookie's
// secret. Every statement reaches its rows through an index (the digest, the public id, the uid, last seen).
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import './deviceSessionsTable.ts';

type Db = Kysely<Database>;

const HOUR_MS = 60 * 60 * 1000;
/** A session unused this long is over: the purge deletes it, and it no longer signs anyone in meanwhile. */
export const SESSION_IDLE_DAYS = 90;
const IDLE_MS = SESSION_IDLE_DAYS * 24 * HOUR_MS;
/** Last seen is written at most this often per device, so a busy browser does not write on every request. */
const LAST_SEEN_STEP_MS = HOUR_MS;
/** A session on a shared computer ends this long after its last request: the next person finds nothing open. */
export const SHARED_IDLE_MINUTES = 30;
const SHARED_IDLE_MS = SHARED_IDLE_MINUTES * 60 * 1000;
/** Its last seen is written this often, so its idle end is counted from within a minute of its last request. */
const SHARED_LAST_SEEN_STEP_MS = 60 * 1000;
export const EARLIER_SESSIONS_LABEL = 'Earlier sessions';

export interface DeviceSession {
  id: string;
  uid: string;
}

export interface DeviceEntry {
  id: string;
  label: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const newPublicId = (): string => randomBytes(16).toString('base64url');

export async function createDeviceSession(db: Db, values: { uid: string; secret: string; label: string; at: Date }): Promise<DeviceSession> {
  const id = newPublicId();
  await db.insertInto('device_sessions').values({
    id, uid: values.uid, secret_hash: digest(values.secret), label: values.label, earlier: false, shared: false,
    first_seen_at: values.at, last_seen_at: values.at, signed_out_at: null,
  }).execute();
  return { id, uid: values.uid };
}

/**
 * The live session the secret opens (not signed out, not idle past its end), its last seen brought up to date.
 * A shared computer's session idle past its 30 minutes is deleted here, on the request that finds it so.
 */
export async function openDeviceSession(db: Db, secret: string, now: Date): Promise<DeviceSession | undefined> {
  const row = await db.selectFrom('device_sessions').select(['id', 'uid', 'last_seen_at', 'signed_out_at', 'shared', 'earlier'])
    .where('secret_hash', '=', digest(secret)).executeTakeFirst();
  if (row === undefined || row.signed_out_at !== null) return undefined;
  if (row.last_seen_at.getTime() < now.getTime() - IDLE_MS) return undefined;
  if (row.shared && row.last_seen_at.getTime() < now.getTime() - SHARED_IDLE_MS) {
    if (row.earlier) {
      await db.updateTable('device_sessions').set({ signed_out_at: now }).where('id', '=', row.id).execute();
    } else {
      await db.deleteFrom('device_sessions').where('id', '=', row.id).where('shared', '=', true).execute();
    }
    return undefined;
  }
  if (row.last_seen_at.getTime() < now.getTime() - (row.shared ? SHARED_LAST_SEEN_STEP_MS : LAST_SEEN_STEP_MS)) {
    await db.updateTable('device_sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  }
  return { id: row.id, uid: row.uid };
}

/**
 * The "Earlier sessions" row of a student, created on the first exchange of one of their cookies from before:
 * one per student (a unique index), and its secret is the same for every such cookie, so concurrent exchanges
 * insert one row and all find it. Undefined once it is signed out (by the student, or by erasing their data).
 */
export async function exchangeEarlierSession(db: Db, uid: string, secret: string, now: Date): Promise<DeviceSession | undefined> {
  await db.insertInto('device_sessions').values({
    id: newPublicId(), uid, secret_hash: digest(secret), label: EARLIER_SESSIONS_LABEL, earlier: true, shared: false,
    first_seen_at: now, last_seen_at: now, signed_out_at: null,
  }).onConflict((conflict) => conflict.doNothing()).execute();
  return openDeviceSession(db, secret, now);
}

/** Marks this device's session as on a shared computer (or no longer); its idle time starts again now. */
export async function markDeviceShared(db: Db, id: string, shared: boolean, now: Date): Promise<void> {
  await db.updateTable('device_sessions').set({ shared, last_seen_at: now }).where('id', '=', id).execute();
}

/** The student's signed-in devices, the most recently seen first. */
export async function listDevices(db: Db, uid: string): Promise<DeviceEntry[]> {
  const rows = await db.selectFrom('device_sessions').select(['id', 'label', 'first_seen_at', 'last_seen_at'])
    .where('uid', '=', uid).where('signed_out_at', 'is', null).orderBy('last_seen_at', 'desc').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, label: row.label, firstSeenAt: row.first_seen_at, lastSeenAt: row.last_seen_at }));
}

/** Signs one of the student's devices out at once; false when the student has no such device. */
export async function signOutDevice(db: Db, uid: string, id: string, at: Date): Promise<boolean> {
  const gone = await db.deleteFrom('device_sessions').where('id', '=', id).where('uid', '=', uid).where('earlier', '=', false)
    .executeTakeFirst();
  if (gone.numDeletedRows > 0n) return true;
  // The earlier row stays, signed out, so the old cookies it stands for are refused from now on.
  const ended = await db.updateTable('device_sessions').set({ signed_out_at: at })
    .where('id', '=', id).where('uid', '=', uid).where('signed_out_at', 'is', null).executeTakeFirst();
  return ended.numUpdatedRows > 0n;
}

/**
 * Signs every device of the student out but `keep` (the one that asked to erase their data): their rows go,
 * and the earlier row, unless it is the one kept, stays signed out, so the student's cookies from before are
 * refused.
 */
export async function signOutOtherDevices(db: Db, uid: string, keep: string | null, at: Date): Promise<void> {
  await db.deleteFrom('device_sessions').where('uid', '=', uid).where('earlier', '=', false).where('id', '!=', keep ?? '').execute();
  await db.insertInto('device_sessions').values({
    id: newPublicId(), uid, secret_hash: digest(randomBytes(32).toString('base64url')), label: EARLIER_SESSIONS_LABEL,
    earlier: true, shared: false, first_seen_at: at, last_seen_at: at, signed_out_at: at,
  }).onConflict((conflict) => conflict.column('uid').where(sql<boolean>`earlier`).doUpdateSet({ signed_out_at: at })
    .where('device_sessions.id', '!=', keep ?? '')).execute();
}

/** Deletes, up to `limit` at a time, the shared computers' sessions idle since before `cutoff`; answers how many. */
export async function endIdleSharedSessions(db: Db, cutoff: Date, limit: number): Promise<number> {
  const gone = await db.deleteFrom('device_sessions').where('id', 'in', (eb) => eb.selectFrom('device_sessions').select('id')
    .where('last_seen_at', '<', cutoff).where('shared', '=', true).where('earlier', '=', false).limit(limit)).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Ends, up to `limit` at a time, the sessions idle since before `cutoff`, and forgets signed-out earlier rows
 * once no cookie from before can still exist; answers how many rows it changed.
 */
export async function endIdleSessions(db: Db, cutoff: Date, oldCookiesGone: Date, limit: number): Promise<number> {
  const forgotten = await db.deleteFrom('device_sessions').where('id', 'in', (eb) => eb.selectFrom('device_sessions').select('id')
    .where('last_seen_at', '<', oldCookiesGone).where('earlier', '=', true).where('signed_out_at', 'is not', null).limit(limit)).executeTakeFirst();
  const gone = await db.deleteFrom('device_sessions').where('id', 'in', (eb) => eb.selectFrom('device_sessions').select('id')
    .where('last_seen_at', '<', cutoff).where('earlier', '=', false).limit(limit)).executeTakeFirst();
  const ended = await db.updateTable('device_sessions').set({ signed_out_at: cutoff }).where('id', 'in', (eb) => eb.selectFrom('device_sessions')
    .select('id').where('last_seen_at', '<', cutoff).where('earlier', '=', true).where('signed_out_at', 'is', null).limit(limit)).executeTakeFirst();
  return Number(forgotten.numDeletedRows + gone.numDeletedRows + ended.numUpdatedRows);
}
