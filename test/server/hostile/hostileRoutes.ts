// The request bodies and queries of the contract, for the hostile-input suites: each route with the schema its
// body (or query) is built from, and what a caller needs first (a session, the paid plan, the admin token).
import fc from 'fast-check';
import type { z } from 'zod';
import {
  adminEntitlementRequestSchema, adminFeedbackQuerySchema, adminSupportQuerySchema, analyticsEventSchema,
  applyCreditsRequestSchema, coachReviewRequestSchema, essayVersionsQuerySchema, saveEssayVersionsRequestSchema, discountCodeRequestSchema, discountedCheckoutRequestSchema, feedbackRequestSchema,
  followupQuestionsRequestSchema, generateEssayRequestSchema, putCollegePlanRequestSchema, putFormRequestSchema, referralInfoQuerySchema,
  referralTrackRequestSchema, supplementalEssayRequestSchema, topicSuggestionsRequestSchema,
  validateDiscountRequestSchema, verifySessionQuerySchema,
} from '../../../src/common/contract/contract.ts';
import {
  essayCommentsQuerySchema, newReplySchema, readerSessionRequestSchema, resolveSchema, shareRequestSchema,
} from '../../../src/common/comments/schema.ts';
import { arbitraryFor } from './zodArbitrary.ts';

export interface HostileRoute {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Built into the JSON body, or into the query string for GET. */
  input: fc.Arbitrary<unknown>;
  needs?: 'paid' | 'admin';
}

// Plausible times (from 2020 to now): the implausible ones are the boundary values zodArbitrary mixes in.
const timestamps = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date(), noInvalidDate: true })
  .map((date) => date.toISOString());
const from = (schema: z.core.$ZodType) => arbitraryFor(schema, { formats: { datetime: timestamps } });

/** A comment id nobody holds: the student's comment routes read their body and answer 404. */
const NO_COMMENT = '00000000-0000-4000-8000-000000000000';

export const HOSTILE_ROUTES: HostileRoute[] = [
  { method: 'PUT', url: '/api/forms/me', input: from(putFormRequestSchema) },
  { method: 'PUT', url: '/api/college-plan', input: from(putCollegePlanRequestSchema) },
  { method: 'POST', url: '/api/essay-versions', input: from(saveEssayVersionsRequestSchema) },
  { method: 'GET', url: '/api/essay-versions', input: from(essayVersionsQuerySchema) },
  { method: 'POST', url: '/api/topic-suggestions', input: from(topicSuggestionsRequestSchema) },
  { method: 'POST', url: '/api/followup-questions', input: from(followupQuestionsRequestSchema) },
  { method: 'POST', url: '/api/generate-essay', input: from(generateEssayRequestSchema), needs: 'paid' },
  { method: 'POST', url: '/api/supplemental-essay', input: from(supplementalEssayRequestSchema) },
  { method: 'POST', url: '/api/validate-discount', input: from(validateDiscountRequestSchema) },
  { method: 'POST', url: '/api/discount-codes', input: from(discountCodeRequestSchema) },
  { method: 'POST', url: '/api/create-discounted-checkout', input: from(discountedCheckoutRequestSchema) },
  { method: 'POST', url: '/api/referrals/track', input: from(referralTrackRequestSchema) },
  { method: 'POST', url: '/api/referrals/apply-credits', input: from(applyCreditsRequestSchema) },
  { method: 'POST', url: '/api/feedback/submit', input: from(feedbackRequestSchema) },
  { method: 'POST', url: '/api/coach/review', input: from(coachReviewRequestSchema) },
  { method: 'POST', url: '/api/coach/questions', input: from(coachReviewRequestSchema) },
  { method: 'POST', url: '/api/events', input: fc.record({ events: fc.array(from(analyticsEventSchema), { minLength: 1, maxLength: 100, size: 'small' }) }) },
  { method: 'POST', url: '/api/admin/entitlements', input: from(adminEntitlementRequestSchema), needs: 'admin' },
  { method: 'GET', url: '/api/referrals/info', input: from(referralInfoQuerySchema) },
  { method: 'GET', url: '/api/verify-session', input: from(verifySessionQuerySchema) },
  { method: 'GET', url: '/api/admin/support', input: from(adminSupportQuerySchema), needs: 'admin' },
  { method: 'GET', url: '/api/admin/feedback', input: from(adminFeedbackQuerySchema), needs: 'admin' },
  { method: 'POST', url: '/api/shares', input: from(shareRequestSchema) },
  { method: 'GET', url: '/api/comments', input: from(essayCommentsQuerySchema) },
  { method: 'POST', url: `/api/comments/${NO_COMMENT}/replies`, input: from(newReplySchema) },
  { method: 'PUT', url: `/api/comments/${NO_COMMENT}`, input: from(resolveSchema) },
  { method: 'POST', url: '/api/read/session', input: from(readerSessionRequestSchema) },
];
