// The API contract: a zod schema for the request and response of every call.
// The server validates with these; the browser's API client types and checks responses with them.
import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX_CHARS, FOLLOW_UP_QUESTIONS_MAX, SUPPLEMENTAL_MAX_WORDS, SUPPLEMENTAL_MIN_WORDS } from '../limits/limits.ts';
import { FEEDBACK_TYPES } from '../analytics/feedback.ts';
import { PROMPT_NUMBERS, OWN_TOPIC_TITLE_MAX_CHARS, topicIdeaProblem } from '../essay/prompts.ts';
import {
  followUpResponsesSchema, formDocumentSchema, topicSuggestionSchema, topicSuggestionsSchema,
} from '../questionnaire/formDocument.ts';
import { coachQuestionsSchema, coachReviewRequestSchema, coachReviewSchema } from '../coach/schema.ts';
import { boundedText, maxCodePoints, oneLineText } from './textLength.ts';
import { INT4_MAX, int4 } from './columnInteger.ts';
import { planSchema } from '../money/plan.ts';
import { EMAIL_PATTERN } from './validation.ts';

// The operator's dashboard calls, the essay versions and the college planner have their own files; this module
// names every schema for the browser's endpoint table, so it re-exports them.
export * from './adminContract.ts';
export * from './essayVersionsContract.ts';
export * from './collegePlanContract.ts';
export * from './devicesContract.ts';
// The student's links, as the essay pages call them (the reader's page checks nothing through this table).
export {
  commentSchema, essayCommentsSchema, newReplySchema, resolveSchema, shareCreatedSchema, shareListSchema, shareRequestSchema, shareStoppedSchema,
} from '../comments/schema.ts';

// ---- Shared pieces ----
export const errorBodySchema = z.object({ error: z.string(), code: z.string() });
/**
 * The answer to a call that has nothing to say (204 No Content).
 * @public Only the browser uses it, by name from its endpoint table (src/api/contractCheck.ts).
 */
export const noContentSchema = z.undefined();

export { planSchema, type Plan } from '../money/plan.ts';

/** The Idempotency-Key header's value (idempotencyKeyHeader.ts). */
export const idempotencyKeySchema = z.uuid({ error: 'must be a UUID' });

export const uidSchema = boundedText(128).regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be a user id');
const emailSchema = boundedText(254).regex(EMAIL_PATTERN, 'must be a valid email address');
const discountCodeSchema = boundedText(40);

// ---- Session and plan ----
export const sessionRequestSchema = z
  .strictObject({ idToken: z.string().min(1).check(maxCodePoints(4096)).optional() })
  .optional();
export const sessionResponseSchema = z.object({ uid: uidSchema });
export const whoamiResponseSchema = z.object({ plan: planSchema });
/** `failing_over`: the database's primary is being replaced; the instance does not ask it until a new one answers. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['ok', 'failing_over']) });

export const adminEntitlementRequestSchema = z.strictObject({
  uid: uidSchema,
  plan: planSchema,
  reason: boundedText(500).optional(),
});
export const adminEntitlementResponseSchema = z.object({ uid: uidSchema, plan: planSchema });

// ---- Form document (server backend) ----
export const formRecordSchema = z.object({
  document: formDocumentSchema.nullable(),
  revision: int4(),
  updatedAt: z.string().nullable(),
});
export const putFormRequestSchema = z.strictObject({
  document: formDocumentSchema,
  /** The revision this write is based on; a stale one gets 409. */
  baseRevision: int4(),
});
/** A write (or a reset) took: the document's new revision (0 and null: a reset with nothing stored). */
export const formSavedResponseSchema = z.object({
  revision: int4(),
  updatedAt: z.string().nullable(),
});
/** 409 to a stale write: the server's current document, so the client can reconcile section by section. */
export const formConflictBodySchema = errorBodySchema.extend({ current: formRecordSchema });
export type FormRecord = z.infer<typeof formRecordSchema>;

// ---- AI calls ----
/** Which version to write: 0 first, then 1, 2… for each Regenerate (same input and variant, same draft offline). */
const variant = z.number().int('must be a whole number').min(0, 'must be at least 0').max(1000, 'must be at most 1000').optional();
export const topicSuggestionsRequestSchema = z.strictObject({ formData: formDocumentSchema, variant });
export const topicSuggestionsResponseSchema = topicSuggestionsSchema;

const promptAndIdea = {
  formData: formDocumentSchema,
  selectedPrompt: z.string().min(1, 'is required').check(maxCodePoints(2000)),
  /**
   * Under every prompt, recognised or not, the idea is one line of text: questions and essays quote it, so it
   * arrives normalised (no direction overrides, no invisible padding, no stacks of marks) or is refused.
   */
  selectedIdea: oneLineText(OWN_TOPIC_TITLE_MAX_CHARS),
  variant,
};
/** The idea must suit the prompt (topicIdeaProblem: the seventh prompt's is the student's own title), else a 400 says why. */
const topicIdea = (ctx: z.core.ParsePayload<{ selectedPrompt: string; selectedIdea: string }>): void => {
  const problem = topicIdeaProblem(ctx.value.selectedPrompt, ctx.value.selectedIdea);
  if (problem !== null) ctx.issues.push({ code: 'custom', path: ['selectedIdea'], message: problem, input: ctx.value.selectedIdea });
};
export const followupQuestionsRequestSchema = z.strictObject(promptAndIdea).check(topicIdea);
export const followupQuestionsResponseSchema = z.object({ questions: z.array(z.string()).min(1).max(FOLLOW_UP_QUESTIONS_MAX) });

export const generateEssayRequestSchema = z.strictObject({
  ...promptAndIdea,
  followUpResponses: followUpResponsesSchema,
}).check(topicIdea);
/** The AI engines a server may run; the pages word their disclosure by it ('offline' is the composer). */
export const aiEngineSchema = z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']);
export type AiEngine = z.infer<typeof aiEngineSchema>;
/** Supplemental essays left today for this browser (free, limited per day). */
export const supplementalQuotaSchema = z.object({ limit: z.number().int(), remaining: z.number().int() });
export const essayResponseSchema = z.object({
  essay: z.string(),
  /** What the student could add to make the draft stronger; never part of the essay text. */
  notes: z.array(z.string()).optional(),
  engine: aiEngineSchema.optional(),
  quota: supplementalQuotaSchema.optional(),
  /**
   * Per paragraph of `essay` (split on blank lines), the student's answers it was built from, as source keys
   * (`followUp:<question>`, `insight:<key>`, `activity:<n>`, `writingSample`, …; see src/common/essay/essaySources.ts).
   */
  sources: z.array(z.array(z.string().max(1100)).max(40)).max(200).optional(),
});
export type EssayResponse = z.infer<typeof essayResponseSchema>;
/**
 * With `Accept: text/event-stream` the essay calls answer Server-Sent Events: `chunk` events `{text}` whose
 * texts join into the essay, then one `done` event (the JSON answer above) or one `error` event (errorBody).
 * @public The browser checks the stream's events with it, by name (src/api/eventStream.ts).
 */
export const essayChunkEventSchema = z.object({ text: z.string() });

export const supplementalEssayRequestSchema = z.strictObject({
  formData: formDocumentSchema,
  essayPrompt: z.string().trim().min(1, 'is required').check(maxCodePoints(5000)),
  wordCount: z
    .number()
    .int('must be a whole number')
    .min(SUPPLEMENTAL_MIN_WORDS, `must be at least ${SUPPLEMENTAL_MIN_WORDS}`)
    .max(SUPPLEMENTAL_MAX_WORDS, `must be at most ${SUPPLEMENTAL_MAX_WORDS}`),
  variant,
});

// ---- The coach: a review of the student's own draft ----
/** The draft, what it answers and the form document; the analysis's own schema (src/common/coach/schema.ts). */
export { coachReviewRequestSchema };
/** The review: per paragraph its role, words against the target and at most three questions; five bands. */
export const coachReviewResponseSchema = coachReviewSchema;
/** "Ask the coach" from a device that has the rules' review: the model's gated questions only (same request). */
export const coachQuestionsResponseSchema = coachQuestionsSchema;
/** Whether a model can add its questions ("Ask the coach"), which one, and how many asks are left today. */
export const coachStatusResponseSchema = z.object({
  model: z.object({
    engine: aiEngineSchema.exclude(['offline']),
    name: z.string().max(200),
    left: z.number().int().min(0),
    limit: z.number().int().min(0),
  }).nullable(),
});
export type CoachStatusResponse = z.infer<typeof coachStatusResponseSchema>;

// ---- Discounts ----
export const validateDiscountRequestSchema = z.strictObject({
  code: discountCodeSchema,
  // An address, or '' for none: one string check, so a too-long value is named as such.
  user_email: boundedText(254).refine((value) => value === '' || EMAIL_PATTERN.test(value), 'must be a valid email address').optional(),
});
export const discountOfferSchema = z.object({
  valid: z.boolean(),
  code: z.string().optional(),
  discount_percent: z.number().optional(),
  discount_amount: z.number().int().optional(),
  final_price: z.number().int().optional(),
  base_price: z.number().int().optional(),
  error: z.string().optional(),
});
export const discountCodeRequestSchema = z.strictObject({ email: emailSchema });
export const discountCodeResponseSchema = z.object({ code: z.string(), expires_at: z.string() });
export const discountedCheckoutRequestSchema = z.strictObject({ code: discountCodeSchema, user_email: emailSchema });
export const checkoutResponseSchema = z.object({ checkout_url: z.string().optional(), error: z.string().optional() });

// ---- Purchase verification ----
export const verifySessionQuerySchema = z.strictObject({ session_id: z.string().min(1).check(maxCodePoints(300)) });
export const verifySessionResponseSchema = z.object({
  plan: planSchema,
  transaction_id: z.string(),
  value: z.number(),
  currency: z.string(),
  discount_applied: z.boolean(),
  /**
   * Present when this payment was refunded automatically: why ('already_paid': the browser had the plan;
   * 'code_used', 'credits_used': its closed checkout's code or credits had gone elsewhere when it was paid).
   */
  refunded: z.enum(['already_paid', 'code_used', 'credits_used']).optional(),
});
/** Where a checkout's Cancel (test checkout, or Stripe's cancel URL) leads: our id of the checkout to close. */
export const checkoutCancelQuerySchema = z.strictObject({ checkout_id: z.string().regex(/^co_[A-Za-z0-9_-]{8,64}$/, 'must be a checkout id') });

// ---- Referrals ----
export const referralTrackRequestSchema = z.strictObject({
  referral_code: boundedText(40).regex(/^REFER-[A-Z0-9]{6}$/, 'must look like REFER-XXXXXX'),
  referee_email: emailSchema,
  referee_name: z.string().trim().min(1, 'is required').check(maxCodePoints(300)),
});
export const referralTrackResponseSchema = z.object({ tracked: z.boolean() });
export const referralInfoQuerySchema = z.strictObject({
  user_id: boundedText(128).optional(),
  user_email: boundedText(254).optional(),
});
export const referralInfoResponseSchema = z.object({ credits_available: z.number().int(), referral_code: z.string() });
export const applyCreditsRequestSchema = z.strictObject({
  user_id: boundedText(128).optional(),
  user_email: emailSchema.optional(),
  credits_to_use: z.number().int('must be a whole number of cents').min(0).max(INT4_MAX).multipleOf(100, 'must be in steps of 100'),
});
export const applyCreditsResponseSchema = z.object({
  final_price: z.number().int().optional(),
  checkout_url: z.string().optional(),
  error: z.string().optional(),
});

// ---- Feedback ----
export const feedbackRequestSchema = z.strictObject({
  type: z.enum(FEEDBACK_TYPES),
  rating: z.number().int().min(0).max(5),
  message: z.string().trim().min(1, 'is required').check(maxCodePoints(FEEDBACK_MESSAGE_MAX_CHARS)),
  email: emailSchema.nullable(),
  page: boundedText(200),
  url: boundedText(2000),
  user_agent: boundedText(1000),
});
export const feedbackResponseSchema = z.object({ ok: z.literal(true) });

// ---- Analytics events (first-party store) ----
// Each event is checked on its own against analyticsEventSchema (src/common/analytics/analyticsEvents.ts), so one bad
// event never drops the batch; the answer names the rejected ones by their index.
export { analyticsEventSchema } from '../analytics/analyticsEvents.ts';
export const EVENTS_BATCH_MAX = 100;
export const eventsBatchRequestSchema = z.strictObject({
  events: z.array(z.unknown()).min(1, 'must hold at least one event').max(EVENTS_BATCH_MAX, `must hold at most ${EVENTS_BATCH_MAX} events`),
});
export const eventsBatchResponseSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), name: z.string().nullable(), error: z.string() })),
});

export { PROMPT_NUMBERS, topicSuggestionSchema };

/** "Delete my data": the body says so explicitly, so no stray request erases a student's work. */
export const deleteMyDataRequestSchema = z.strictObject({ confirm: z.literal(true) });
export const myDataDeletedSchema = z.object({
  deleted: z.literal(true),
  /** What the server keeps, in words: the payment records the law requires, without answers or e-mail. */
  kept: z.array(z.string()),
});
/** "Download my data": every row the server holds for the browser, table by table. */
export const myDataExportSchema = z.object({
  uid: z.string(),
  exportedAt: z.string(),
  tables: z.record(z.string(), z.array(z.unknown())),
});
