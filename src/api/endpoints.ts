// Every call the browser makes, in one table: method, path, and the names of the contract's schemas for the
// request body (typing only) and the response (checked on arrival, see contractCheck.ts). Features add their
// calls here.
import { defineEndpoint } from './endpoint.ts';
import { paymentEndpoints } from './paymentEndpoints.ts';
import type { SchemaName } from './contractSchemas.ts';

export type { BodyOf, Endpoint, HttpMethod, ResponseOf } from './endpoint.ts';

/**
 * An AI call: a POST never retried here, since each costs the operator and may already have run; the pages
 * decide (topics retry a 429 after 5 s).
 */
const aiCall = <Request extends SchemaName, Response extends SchemaName>(
  path: string, request: Request, response: Response, timeoutMs: number,
) => defineEndpoint({ method: 'POST', path, request, response, timeoutMs });

export const endpoints = {
  /** Anonymous session: sets the httpOnly cookie and answers its uid. */
  startSession: defineEndpoint({
    method: 'POST',
    path: '/api/session',
    request: 'sessionRequestSchema',
    response: 'sessionResponseSchema',
    // Not retried here: start-up must not wait on a dead connection. The app reconnects on `online`.
    retries: 0,
    timeoutMs: 8000,
  }),
  whoami: defineEndpoint({ method: 'GET', path: '/api/whoami', response: 'whoamiResponseSchema', timeoutMs: 10_000 }),
  // The form document (server backend). Retries are the sync's own (backoff, `online`), never the client's:
  // the sync sends the newest document each time, not the one that failed.
  loadForm: defineEndpoint({ method: 'GET', path: '/api/forms/me', response: 'formRecordSchema', retries: 0, timeoutMs: 15_000 }),
  saveForm: defineEndpoint({
    method: 'PUT', path: '/api/forms/me', request: 'putFormRequestSchema', response: 'formSavedResponseSchema', timeoutMs: 15_000,
    idempotent: true,
  }),
  resetForm: defineEndpoint({
    method: 'DELETE', path: '/api/forms/me', response: 'formSavedResponseSchema', timeoutMs: 15_000,
  }),
  // Essay versions (server backend): read from a revision, append a batch. Retried by the sync, like the form.
  loadEssayVersions: defineEndpoint({
    method: 'GET', path: '/api/essay-versions', response: 'essayVersionsPageSchema', retries: 0, timeoutMs: 15_000,
  }),
  saveEssayVersions: defineEndpoint({
    method: 'POST', path: '/api/essay-versions', request: 'saveEssayVersionsRequestSchema', response: 'essayVersionsSavedSchema',
    retries: 0, timeoutMs: 15_000, idempotent: true,
  }),
  // The college list (server backend): one document with revisions, retried by the sync like the form.
  loadCollegePlan: defineEndpoint({ method: 'GET', path: '/api/college-plan', response: 'collegePlanRecordSchema', retries: 0, timeoutMs: 15_000 }),
  saveCollegePlan: defineEndpoint({
    method: 'PUT', path: '/api/college-plan', request: 'putCollegePlanRequestSchema', response: 'collegePlanSavedResponseSchema',
    retries: 0, timeoutMs: 15_000, idempotent: true,
  }),
  // The AI calls (see aiCall): the server gives a model up to 60 s (the coach's 30 s), the browser a little longer.
  topicSuggestions: aiCall('/api/topic-suggestions', 'topicSuggestionsRequestSchema', 'topicSuggestionsResponseSchema', 90_000),
  followupQuestions: aiCall('/api/followup-questions', 'followupQuestionsRequestSchema', 'followupQuestionsResponseSchema', 90_000),
  /** Also streamed as Server-Sent Events through streamEssay (eventStream.ts). */
  generateEssay: aiCall('/api/generate-essay', 'generateEssayRequestSchema', 'essayResponseSchema', 120_000),
  supplementalEssay: aiCall('/api/supplemental-essay', 'supplementalEssayRequestSchema', 'essayResponseSchema', 120_000),
  // "Ask the coach": the device has the rules' review, so the server answers the model's questions alone.
  coachQuestions: aiCall('/api/coach/questions', 'coachReviewRequestSchema', 'coachQuestionsResponseSchema', 45_000),
  coachStatus: defineEndpoint({ method: 'GET', path: '/api/coach/status', response: 'coachStatusResponseSchema', timeoutMs: 15_000 }),
  ...paymentEndpoints,
  // ---- The student's own data ----
  exportMyData: defineEndpoint({ method: 'GET', path: '/api/my-data', response: 'myDataExportSchema', timeoutMs: 30_000 }),
  deleteMyData: defineEndpoint({
    method: 'DELETE', path: '/api/my-data', request: 'deleteMyDataRequestSchema', response: 'myDataDeletedSchema', retries: 0, timeoutMs: 30_000,
  }),
  // ---- The student's devices: `signOutDevice` is called on /api/devices/<id> (devicePath) ----
  listDevices: defineEndpoint({ method: 'GET', path: '/api/devices', response: 'devicesResponseSchema', timeoutMs: 15_000 }),
  signOutDevice: defineEndpoint({ method: 'DELETE', path: '/api/devices', response: 'deviceSignedOutSchema', retries: 0, timeoutMs: 15_000 }),
  signOutThisDevice: defineEndpoint({ method: 'DELETE', path: '/api/session', response: 'noContentSchema', retries: 0, timeoutMs: 15_000 }),
  /** "This is a shared computer": this device's session then ends after 30 minutes idle. */
  markSharedComputer: defineEndpoint({
    method: 'PUT', path: '/api/session/shared', request: 'sharedComputerSchema', response: 'sharedComputerSchema', timeoutMs: 15_000,
  }),
  // ---- Sharing a version for comments: `stopShare` is called on /api/shares/<id> ----
  createShare: defineEndpoint({
    method: 'POST', path: '/api/shares', request: 'shareRequestSchema', response: 'shareCreatedSchema', retries: 0, timeoutMs: 15_000,
  }),
  listShares: defineEndpoint({ method: 'GET', path: '/api/shares', response: 'shareListSchema', timeoutMs: 15_000 }),
  stopShare: defineEndpoint({ method: 'DELETE', path: '/api/shares', response: 'shareStoppedSchema', retries: 0, timeoutMs: 15_000 }),
  // ---- The readers' comments on the student's essays: `replyToComment` on /api/comments/<id>/replies,
  // `resolveComment` on /api/comments/<id>. Both are idempotent by themselves (a reply carries its client id).
  essayComments: defineEndpoint({ method: 'GET', path: '/api/comments', response: 'essayCommentsSchema', timeoutMs: 15_000 }),
  replyToComment: defineEndpoint({
    method: 'POST', path: '/api/comments', request: 'newReplySchema', response: 'commentSchema', retries: 0, timeoutMs: 15_000,
  }),
  resolveComment: defineEndpoint({
    method: 'PUT', path: '/api/comments', request: 'resolveSchema', response: 'commentSchema', retries: 0, timeoutMs: 15_000,
  }),
  // ---- Feedback, analytics and the operator's dashboard ----
  submitFeedback: defineEndpoint({
    method: 'POST', path: '/api/feedback/submit', request: 'feedbackRequestSchema', response: 'feedbackResponseSchema', timeoutMs: 15_000,
  }),
  /** Analytics batches; the sender retries on its own schedule, so the client does not. */
  sendEvents: defineEndpoint({
    method: 'POST', path: '/api/events', request: 'eventsBatchRequestSchema', response: 'eventsBatchResponseSchema', retries: 0, timeoutMs: 15_000,
    idempotent: true,
  }),
  adminStatus: defineEndpoint({ method: 'GET', path: '/api/admin-status', response: 'adminStatusResponseSchema' }),
  adminFunnel: defineEndpoint({ method: 'GET', path: '/api/admin/funnel', response: 'adminFunnelResponseSchema' }),
  adminTrends: defineEndpoint({ method: 'GET', path: '/api/admin/trends', response: 'adminTrendsResponseSchema' }),
  adminRevenue: defineEndpoint({ method: 'GET', path: '/api/admin/revenue', response: 'adminRevenueResponseSchema' }),
  adminUsage: defineEndpoint({ method: 'GET', path: '/api/admin/usage', response: 'adminUsageResponseSchema' }),
  adminFeedback: defineEndpoint({ method: 'GET', path: '/api/admin/feedback', response: 'adminFeedbackResponseSchema' }),
  adminSupport: defineEndpoint({ method: 'GET', path: '/api/admin/support', response: 'adminSupportResponseSchema' }),
  adminSetPlan: defineEndpoint({
    method: 'POST', path: '/api/admin/entitlements', request: 'adminEntitlementRequestSchema', response: 'adminEntitlementResponseSchema',
  }),
};
