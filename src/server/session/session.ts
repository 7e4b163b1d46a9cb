// The anonymous session of the "server" identity backend: a random uid in a signed, httpOnly cookie.
// Only the sessions plugin (plugins/sessions.ts) uses these; routes read `request.uid` from it.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uidSchema } from '../../common/contract/contract.ts';

export const SESSION_COOKIE = 'sid';
/** About 400 days, the longest cookie lifetime browsers honour: closing the browser loses nothing. */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** 128 random bits as 22 base64url characters, which uidSchema accepts. */
export const newUid = (): string => randomBytes(16).toString('base64url');

/** The uid of a validly signed session cookie, or null (no cookie, tampered, or not a uid). */
export function readSessionUid(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (raw === undefined) return null;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value !== null && uidSchema.safeParse(value).success ? value : null;
}

/**
 * A signed uid is base64 and a dot, every character valid in a cookie: sent as it is (the cookie library's
 * default encoding differs between its releases, and would turn a '+' into '%2B' in some of them).
 */
const asIs = (value: string): string => value;

const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure, encode: asIs });

/** Sets (or renews, so the 400 days slide) the session cookie. */
export function setSessionCookie(reply: FastifyReply, uid: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, uid, { ...cookieOptions(secure), signed: true, maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
}
