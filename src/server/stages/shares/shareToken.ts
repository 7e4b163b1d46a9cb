// A share's link is `/read#<token>`, the token in the fragment so it never reaches a server log, a Referer or a
// link preview. The token is the share's public id and a secret of 256 random bits: the id finds the share's
// row (whose state answers an expired or stopped link even after its secret's digest is gone), the secret
// opens it while it lives. Only the secret's SHA-256 is stored. A reader's cookie holds another random value
// of its own, never the token or its digest.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** 128 random bits as 22 base64url characters: a share's or a reader session's id. */
export const newId = (): string => randomBytes(16).toString('base64url');
/** 256 random bits as 43 base64url characters: a link's secret, or a reader cookie's value. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export const tokenOf = (shareId: string, secret: string): string => `${shareId}.${secret}`;

/** The share id and secret of a token, or undefined when it is not a token's shape. */
export function parseToken(token: string): { shareId: string; secret: string } | undefined {
  const match = TOKEN.exec(token);
  return match ? { shareId: match[1]!, secret: match[2]! } : undefined;
}

/** Whether `secret` is the one whose digest is stored, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
