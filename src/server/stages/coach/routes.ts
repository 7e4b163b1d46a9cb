// The coach, for the student's own draft:
//   POST /api/coach/review  the draft reviewed by the coach's rules (src/common/coach), and with a model
//                           configured its questions merged in ("Ask the coach"): free on every plan.
//   GET  /api/coach/status  whether a model can add its questions, which one, and how many asks are left today.
// The draft is reviewed and answered, never stored here (its revisions go through /api/essay-versions) and never
// logged. A model that fails, times out, is rate limited or is past the browser's allowance or the AI budget
// never fails the call: the answer is then the offline review (`engine: 'offline'`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, mergeModelComments, type CoachInput, type CoachReview } from '../../../common/coach/index.ts';
import type { CoachReviewRequest } from '../../../common/coach/schema.ts';
import { paragraphCount } from '../../../common/coach/text.ts';
import { coachReviewRequestSchema, coachReviewResponseSchema, coachStatusResponseSchema, errorBodySchema } from '../../../common/contract/contract.ts';
import { codePointLength } from '../../../common/text/codePoints.ts';
import { type AiPort, reviewDraftOffThread } from '../../ai/index.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import type { AiGate } from '../../usage/aiGate.ts';
import { callEngine, disconnectSignal } from '../../http/aiHttp.ts';

export interface CoachRoutesOptions {
  ai: AiPort;
  gate: AiGate;
}

/** A model's questions are worth waiting for this long at most (the adapter's own timeout may be longer). */
export const COACH_MODEL_DEADLINE_MS = 30_000;

export const COACH_REVIEW_BUDGET: RouteBudget = {
  body: 'contract',
  rate: apiRate(30),
  storage: storesNothing('reviews the draft and answers; its revisions are kept through /api/essay-versions'),
  use: 'a student asking the coach about each revision of a draft: a few a minute at most (the page reviews as the student types on the device)',
};
const STATUS_BUDGET: RouteBudget = {
  body: 0,
  rate: apiRate(60),
  storage: storesNothing('answers from the configuration and the day\'s count'),
  use: 'the coach page opening, and after each "Ask the coach"',
};

const errors = { 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema };

/** Checked before the schema, so a draft past the coach's limits is named as such, not as a generic 400. */
function draftTooLong(body: unknown): boolean {
  const draft = (body as { draft?: unknown } | null | undefined)?.draft;
  if (typeof draft !== 'string') return false;
  return codePointLength(draft) > COACH_MAX_CHARS || paragraphCount(draft) > COACH_MAX_PARAGRAPHS;
}

/** A review lists the five dimensions in their order (the coach's schema tests hold it): the tuple the contract types. */
const answer = (review: CoachReview) => review as z.infer<typeof coachReviewResponseSchema>;

function coachInput(body: CoachReviewRequest): CoachInput {
  const material = body.formData && { form: body.formData, followUpResponses: body.formData.followUpResponses };
  return body.kind === 'personal'
    ? { kind: 'personal', draft: body.draft, prompt: body.prompt, wordLimit: body.wordLimit, material }
    : { kind: 'supplemental', draft: body.draft, prompt: body.prompt, wordLimit: body.wordLimit, material };
}

export const coachRoutes: FastifyPluginAsyncZod<CoachRoutesOptions> = async (app, { ai, gate }) => {
  app.post('/api/coach/review', {
    // The form document rides along as the device holds it: its broken text is repaired, the draft's refused.
    config: { budget: COACH_REVIEW_BUDGET, repairTextIn: ['formData'] },
    schema: { body: coachReviewRequestSchema, response: { 200: coachReviewResponseSchema, ...errors } },
    preValidation: async (request) => {
      if (draftTooLong(request.body)) {
        throw new HttpError(400, 'draft_too_long', `A draft may have at most ${COACH_MAX_CHARS.toLocaleString('en')} characters in ${COACH_MAX_PARAGRAPHS} paragraphs.`);
      }
    },
  }, async (request, reply) => {
    const uid = request.requireUid();
    const input = coachInput(request.body);
    // Off the event loop: the longest draft with the largest questionnaire is tens of milliseconds of rules.
    // A full queue for the thread is a 429 with a Retry-After, as for the AI calls.
    const review = await callEngine(() => reviewDraftOffThread(input));
    if (ai.engine === 'offline') return answer(review);
    try {
      await gate.takeCoachReview(uid, request.ip);
      const signal = AbortSignal.any([disconnectSignal(reply), AbortSignal.timeout(COACH_MODEL_DEADLINE_MS)]);
      const comments = await ai.coachQuestions({
        draft: input.draft, kind: input.kind, prompt: input.prompt ?? '', wordLimit: review.wordLimit, form: request.body.formData,
      }, { signal });
      return answer(mergeModelComments(review, input.draft, comments));
    } catch (error) {
      // The error names what failed (a status, a code), never the draft.
      request.log.warn({ err: error }, 'the coach answered with its rules alone: the model review was refused or failed');
      return answer(review);
    }
  });

  app.get('/api/coach/status', {
    config: { budget: STATUS_BUDGET },
    schema: { response: { 200: coachStatusResponseSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    if (ai.engine === 'offline') return { model: null };
    const { limit, remaining } = await gate.coachReviewsLeft(uid);
    return { model: { engine: ai.engine, name: ai.modelName ?? ai.engine, left: remaining, limit } };
  });
};
