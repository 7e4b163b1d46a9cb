// The session cookie of the "server" identity backend. Each browser (a device) holds its own: a random secret
// of 256 bits, signed, in an httpOnly cookie; the server keeps only the secret's digest (deviceSessions.ts).
// A cookie from before per-device sessions carried the signed uid itself: it is still read, once, to be
// exchanged (plugins/sessions.ts). Only the sessions plugin uses these; routes read `request.uid` from it.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uidSchema } from '../../common/contract/contract.ts';

export const SESSION_COOKIE = 'sid';
/** About 400 days, the longest cookie lifetime browsers honour: closing the browser loses nothing. */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** What a device cookie's value starts with; a uid never holds a dot, so an old cookie cannot look like one. */
const DEVICE_PREFIX = 'd1.';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** 128 random bits as 22 base64url characters, which uidSchema accepts. */
export const newUid = (): string => randomBytes(16).toString('base64url');

/** A device session's secret: 256 random bits as 43 base64url characters. */
export const newSessionSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The secret every cookie from before per-device sessions of one student is exchanged for: derived from the
 * uid under the server's cookie secret, so concurrent exchanges of one student agree on one row and one cookie.
 */
export const earlierSessionSecret = (cookieSecret: string, uid: string): string =>
  createHmac('sha256', cookieSecret).update(`earlier-sessions:${uid}`).digest('base64url');

export type SessionCookie = { kind: 'device'; secret: string } | { kind: 'earlier'; uid: string };

/** A validly signed session cookie: a device's secret, or the uid of a cookie from before; null otherwise. */
export function readSessionCookie(request: FastifyRequest): SessionCookie | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (raw === undefined) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return null;
  if (value.startsWith(DEVICE_PREFIX)) {
    const secret = value.slice(DEVICE_PREFIX.length);
    return SECRET.test(secret) ? { kind: 'device', secret } : null;
  }
  return uidSchema.safeParse(value).success ? { kind: 'earlier', uid: value } : null;
}

/**
 * A signed secret is base64url and dots, every character valid in a cookie: sent as it is (the cookie
 * library's default encoding differs between its releases).
 */
const asIs = (value: string): string => value;

const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure, encode: asIs });

/** Sets (or renews, so the 400 days slide) the device's session cookie. */
export function setSessionCookie(reply: FastifyReply, secret: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, `${DEVICE_PREFIX}${secret}`, { ...cookieOptions(secure), signed: true, maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
}
