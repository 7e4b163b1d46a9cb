// The caller's uid from its signed session cookie, or 401 'User not authenticated'.
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { HttpError } from '../errors.ts';
import { readSessionUid } from '../session.ts';

export function requireUid(request: FastifyRequest): string {
  const uid = readSessionUid(request);
  if (uid === null) throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
  return uid;
}

/** A client may name a user id (the referral calls send one) but never someone else's. */
export function assertSameUser(uid: string, claimed: string | undefined): void {
  if (claimed !== undefined && claimed !== '' && claimed !== uid) {
    throw new HttpError(403, 'forbidden', 'That user id is not the one signed in on this browser.');
  }
}
