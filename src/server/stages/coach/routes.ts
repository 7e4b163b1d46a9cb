// The coach, for the student's own draft:
//   POST /api/coach/review     the draft reviewed by the coach's rules (src/common/coach), one run of them, and with
//                              a model configured its gated questions merged in: free on every plan.
//   POST /api/coach/questions  "Ask the coach" from the page: the model's gated questions alone. The page has run
//                              the rules on the device already, so the server does not run them again (at the
//                              largest draft about 19 ms of CPU an ask, and a 22 kB answer instead of 4 kB).
//   GET  /api/coach/status     whether a model can add its questions, which one, and how many asks are left today.
// The draft is reviewed and answered, never stored here (its revisions go through /api/essay-versions) and never
// logged. A model that fails, times out, is rate limited or is past the browser's allowance or the AI budget
// never fails the call: the answer is then the offline review (`engine: 'offline'`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, mergeModelComments, type CoachInput, type CoachReview, type PlacedComment } from '../../../common/coach/index.ts';
import type { CoachReviewRequest } from '../../../common/coach/schema.ts';
import { paragraphCount } from '../../../common/coach/text.ts';
import {
  coachQuestionsResponseSchema, coachReviewRequestSchema, coachReviewResponseSchema, coachStatusResponseSchema, errorBodySchema,
} from '../../../common/contract/contract.ts';
import { ESSAY_WORD_LIMIT } from '../../../common/limits/limits.ts';
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
const COACH_QUESTIONS_BUDGET: RouteBudget = {
  body: 'contract',
  rate: apiRate(30),
  storage: storesNothing('asks the model about the draft and answers; its revisions are kept through /api/essay-versions'),
  use: 'a student pressing "Ask the coach": a few a day at most, within the daily allowance of model reviews',
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
  /**
   * The model's questions about a draft, each through the adapter's gate (an exact quote, a question, no wording),
   * or null when no model could ask: none configured, the allowance spent, or the model failed or timed out.
   */
  async function modelQuestions(
    request: FastifyRequest, reply: FastifyReply, uid: string, input: CoachInput, wordLimit: number,
  ): Promise<PlacedComment[] | null> {
    if (ai.engine === 'offline') return null;
    try {
      await gate.takeCoachReview(uid, request.ip);
      const signal = AbortSignal.any([disconnectSignal(reply), AbortSignal.timeout(COACH_MODEL_DEADLINE_MS)]);
      const form = input.material?.form;
      return await ai.coachQuestions({ draft: input.draft, kind: input.kind, prompt: input.prompt ?? '', wordLimit, form }, { signal });
    } catch (error) {
      // The error names what failed (a status, a code), never the draft.
      request.log.warn({ err: error }, 'the coach answered without the model: the model review was refused or failed');
      return null;
    }
  }

  // The form document rides along as the device holds it: its broken text is repaired, the draft's refused.
  const draftRoute = { repairTextIn: ['formData'] };
  const preValidation = async (request: FastifyRequest) => {
    if (draftTooLong(request.body)) {
      throw new HttpError(400, 'draft_too_long', `A draft may have at most ${COACH_MAX_CHARS.toLocaleString('en')} characters in ${COACH_MAX_PARAGRAPHS} paragraphs.`);
    }
  };

  app.post('/api/coach/review', {
    config: { budget: COACH_REVIEW_BUDGET, ...draftRoute },
    schema: { body: coachReviewRequestSchema, response: { 200: coachReviewResponseSchema, ...errors } },
    preValidation,
  }, async (request, reply) => {
    const uid = request.requireUid();
    const input = coachInput(request.body);
    // Off the event loop: the longest draft with the largest questionnaire is tens of milliseconds of rules.
    // A full queue for the thread is a 429 with a Retry-After, as for the AI calls.
    const review = await callEngine(() => reviewDraftOffThread(input));
    const comments = await modelQuestions(request, reply, uid, input, review.wordLimit);
    return answer(comments === null ? review : mergeModelComments(review, input.draft, comments));
  });

  app.post('/api/coach/questions', {
    config: { budget: COACH_QUESTIONS_BUDGET, ...draftRoute },
    schema: { body: coachReviewRequestSchema, response: { 200: coachQuestionsResponseSchema, ...errors } },
    preValidation,
  }, async (request, reply) => {
    const uid = request.requireUid();
    const input = coachInput(request.body);
    const comments = await modelQuestions(request, reply, uid, input, input.wordLimit ?? ESSAY_WORD_LIMIT);
    return comments === null ? { engine: 'offline' as const, comments: [] } : { engine: 'model' as const, comments };
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
