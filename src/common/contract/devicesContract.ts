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
