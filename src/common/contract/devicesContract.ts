// The devices a student is signed in on: the list "Your data" shows, and signing one out.
import { z } from 'zod';
import { boundedText } from './textLength.ts';

/** A device's public id: 128 random bits as 22 base64url characters (never its session's secret). */
export const deviceIdSchema = boundedText(22).regex(/^[A-Za-z0-9_-]{22}$/, 'must be a device id');

export const deviceSchema = z.object({
  id: deviceIdSchema,
  label: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this list was asked from. */
  current: z.boolean(),
});

export const devicesResponseSchema = z.object({ devices: z.array(deviceSchema) });
export const deviceParamsSchema = z.strictObject({ id: deviceIdSchema });
export const deviceSignedOutSchema = z.object({ signedOut: z.literal(true), current: z.boolean() });

/** "This is a shared computer": this device's session ends after 30 minutes idle while `shared` holds. */
export const sharedComputerSchema = z.strictObject({ shared: z.boolean() });

// ---- Pairing: a new device asks, the device holding the work approves its code ----

/** A pending pairing's handle on the device that asked: 256 random bits as 43 base64url characters. */
export const pairingIdSchema = boundedText(43).regex(/^[A-Za-z0-9_-]{43}$/, 'must be a pairing id');
/** A code as typed: letters, spaces and a dash; the route reads its 8 letters (src/common/devices/pairingCode.ts). */
export const userCodeSchema = boundedText(20).regex(/^[A-Za-z\s-]+$/, 'must be a code of letters, as BCDF-GHJK');

/** Asking for a code says nothing (an empty object). */
export const pairingStartSchema = z.strictObject({});

export const pairingStartedSchema = z.object({
  pairingId: pairingIdSchema,
  /** As shown: `BCDF-GHJK`. */
  userCode: z.string(),
  expiresAt: z.string(),
  /** Seconds between polls. */
  interval: z.number().int().positive(),
});

/**
 * `take: true` once the student pressed Continue: the approved session is then set in the cookie. Without it,
 * an approved pairing answers whose work it opens, and takes nothing.
 */
export const pairingPollSchema = z.strictObject({ pairingId: pairingIdSchema, take: z.literal(true).optional() });

/** Whose work an approved pairing opens: the first name from the questionnaire and when the work was started. */
export const pairingOwnerSchema = z.object({ firstName: z.string().nullable(), startedAt: z.string().nullable() });
export const pairingApprovedSchema = z.object({ status: z.literal('approved'), owner: pairingOwnerSchema, taken: z.boolean() });

// The poll's 400s carry `{ error, code }` (errorBodySchema), `code` as the device authorization grant (RFC
// 8628) names it: authorization_pending, slow_down (polled faster than `interval`), expired_token, access_denied.

export const userCodeRequestSchema = z.strictObject({ userCode: userCodeSchema });
/** The new device a code stands for, before the student approves it. */
export const pairingRequestSchema = z.object({ label: z.string(), expiresAt: z.string() });
export const pairingApproveResultSchema = z.object({ approved: z.literal(true), label: z.string() });
