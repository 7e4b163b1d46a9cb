// The API contract of the operator's dashboard (GET /api/admin/*): its queries and answers. Re-exported by
// contract.ts, where the rest of the API's schemas are.
import { z } from 'zod';
import { FEEDBACK_TYPES } from '../analytics/feedback.ts';
import { planSchema } from '../money/plan.ts';
import { maxCodePoints } from './textLength.ts';

export const adminStatusResponseSchema = z.object({ enabled: z.boolean() });
export const adminFunnelResponseSchema = z.object({
  steps: z.array(z.object({ step: z.string(), label: z.string(), users: z.number().int(), conversion: z.number().nullable() })),
});
export const adminTrendsResponseSchema = z.object({
  days: z.array(z.object({
    day: z.string(), visitors: z.number().int(), events: z.number().int(), purchases: z.number().int(), revenue: z.number(),
  })),
});
export const adminRevenueResponseSchema = z.object({
  purchases: z.number().int(), revenue: z.number(), averagePrice: z.number().nullable(), discounted: z.number().int(),
  currency: z.literal('USD'),
  /** Purchases later refunded or disputed; revenue is already net of them. */
  refunds: z.number().int().optional(),
});
export const adminUsageResponseSchema = z.object({
  counts: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export const adminFeedbackQuerySchema = z.strictObject({
  type: z.enum(FEEDBACK_TYPES).optional(),
  rating: z.coerce.number().int().min(0).max(5).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminFeedbackItemSchema = z.object({
  id: z.number().int(), type: z.enum(FEEDBACK_TYPES), rating: z.number().int(), message: z.string(),
  email: z.string().nullable(), page: z.string(), url: z.string(), createdAt: z.string(),
});
export const adminFeedbackResponseSchema = z.object({ items: z.array(adminFeedbackItemSchema) });
export const adminSupportQuerySchema = z.strictObject({ q: z.string().trim().min(1, 'is required').check(maxCodePoints(300)) });
export const adminSupportResponseSchema = z.object({
  uid: z.string().nullable(),
  plan: planSchema.nullable(),
  purchases: z.array(z.object({
    transactionId: z.string(), uid: z.string(), value: z.number(), discountApplied: z.boolean(), at: z.string(),
  })),
});
export const adminExportQuerySchema = z.strictObject({ days: z.coerce.number().int().min(1).max(366).default(30) });
