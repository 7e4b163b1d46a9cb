// The API contract of the college planner's document (GET and PUT /api/college-plan): one document per student
// with a revision, like the form document, checked against the planner's own schema (src/common/collegePlan).
// Re-exported by contract.ts, where the rest of the API's schemas are.
import { z } from 'zod';
import { collegePlanSchema } from '../collegePlan/schema.ts';
import { int4 } from './columnInteger.ts';

/** The student's saved college list: null when nothing is saved yet (or it was erased). */
export const collegePlanRecordSchema = z.object({
  document: collegePlanSchema.nullable(),
  revision: int4(),
  updatedAt: z.string().nullable(),
});
export type CollegePlanRecord = z.infer<typeof collegePlanRecordSchema>;

export const putCollegePlanRequestSchema = z.strictObject({
  document: collegePlanSchema,
  /** The revision this write is based on (0: the first); a stale one gets 409. */
  baseRevision: int4(),
});

/** A write took: the document's new revision. */
export const collegePlanSavedResponseSchema = z.object({
  revision: int4(),
  updatedAt: z.string().nullable(),
});

/** 409 to a stale write: the server's current document, so the device can take it or write over it knowingly. */
export const collegePlanConflictBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  current: collegePlanRecordSchema,
});
