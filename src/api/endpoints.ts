// Every call the browser makes, in one table: method, path, and the contract's schemas for the request
// body (typing only) and the response (checked on arrival). Features add their calls here.
import type { z } from 'zod';
import { sessionRequestSchema, sessionResponseSchema, whoamiResponseSchema } from '../shared/contract.ts';
import {
  adminFeedbackResponseSchema, adminFunnelResponseSchema, adminRevenueResponseSchema, adminStatusResponseSchema,
  adminSupportResponseSchema, adminTrendsResponseSchema, adminUsageResponseSchema, adminEntitlementRequestSchema,
  adminEntitlementResponseSchema, eventsBatchRequestSchema, eventsBatchResponseSchema, feedbackRequestSchema,
  feedbackResponseSchema,
} from '../shared/contract.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint<
  Response extends z.ZodType = z.ZodType,
  Request extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  response: Response;
  request?: Request;
  /**
   * How many times a transient failure (network, timeout, 502–504) is retried with backoff.
   * Default: 2 for GET, 0 otherwise: a POST that timed out may already have taken effect.
   */
  retries?: number;
  /** Give up after this long: a student on flaky Wi-Fi should not wait on a hung request forever. */
  timeoutMs?: number;
};

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
export type BodyOf<E extends Endpoint> = E extends Endpoint<z.ZodType, infer Request>
  ? Request extends z.ZodType ? z.input<Request> : undefined
  : never;

const defineEndpoint = <Response extends z.ZodType, Request extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<Response, Request>,
) => endpoint;

export const endpoints = {
  /** Anonymous session (ARCHITECTURE §4): sets the httpOnly cookie and answers its uid. */
  startSession: defineEndpoint({
    method: 'POST',
    path: '/api/session',
    request: sessionRequestSchema,
    response: sessionResponseSchema,
    // Not retried here: start-up must not wait on a dead connection. The app reconnects on `online`.
    retries: 0,
    timeoutMs: 8000,
  }),
  whoami: defineEndpoint({ method: 'GET', path: '/api/whoami', response: whoamiResponseSchema, timeoutMs: 10_000 }),
  // ---- Feedback, analytics and the operator's dashboard (insights issue) ----
  submitFeedback: defineEndpoint({
    method: 'POST', path: '/api/feedback/submit', request: feedbackRequestSchema, response: feedbackResponseSchema, timeoutMs: 15_000,
  }),
  /** Analytics batches; the sender retries on its own schedule, so the client does not. */
  sendEvents: defineEndpoint({
    method: 'POST', path: '/api/events', request: eventsBatchRequestSchema, response: eventsBatchResponseSchema, retries: 0, timeoutMs: 15_000,
  }),
  adminStatus: defineEndpoint({ method: 'GET', path: '/api/admin-status', response: adminStatusResponseSchema }),
  adminFunnel: defineEndpoint({ method: 'GET', path: '/api/admin/funnel', response: adminFunnelResponseSchema }),
  adminTrends: defineEndpoint({ method: 'GET', path: '/api/admin/trends', response: adminTrendsResponseSchema }),
  adminRevenue: defineEndpoint({ method: 'GET', path: '/api/admin/revenue', response: adminRevenueResponseSchema }),
  adminUsage: defineEndpoint({ method: 'GET', path: '/api/admin/usage', response: adminUsageResponseSchema }),
  adminFeedback: defineEndpoint({ method: 'GET', path: '/api/admin/feedback', response: adminFeedbackResponseSchema }),
  adminSupport: defineEndpoint({ method: 'GET', path: '/api/admin/support', response: adminSupportResponseSchema }),
  adminSetPlan: defineEndpoint({
    method: 'POST', path: '/api/admin/entitlements', request: adminEntitlementRequestSchema, response: adminEntitlementResponseSchema,
  }),
};
