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
// Every call that can reach a model is an AI call: "Ask the coach" always, and the review when a model is
// configured, counted by the AI limits per browser and per network (aiCallBudget) and the daily budgets as a
// free call. The review's rules run on the free worker pool, at most one review at a time per browser and two
// per network (a 429 with Retry-After beyond), so a flood from one address waits on itself alone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, mergeModelComments, type CoachInput, type CoachReview, type PlacedComment, type WordLimit } from '../../../common/coach/index.ts';
import type { CoachReviewRequest } from '../../../common/coach/schema.ts';
import { paragraphCount } from '../../../common/coach/text.ts';
import {
  coachQuestionsResponseSchema, coachReviewRequestSchema, coachReviewResponseSchema, coachStatusResponseSchema, errorBodySchema,
} from '../../../common/contract/contract.ts';
import { ESSAY_WORD_LIMIT } from '../../../common/limits/limits.ts';
import { codePointLength } from '../../../common/text/codePoints.ts';
import { type AiPort, reviewDraftOffThread } from '../../ai/index.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import { createInFlightLimit } from '../../limits/inFlight.ts';
import { type AiGate, aiCallBudget } from '../../usage/aiGate.ts';
import { callEngine, disconnectSignal } from '../../http/aiHttp.ts';

export interface CoachRoutesOptions {
  ai: AiPort;
  gate: AiGate;
}

/** A model's questions are worth waiting for this long at most (the adapter's own timeout may be longer). */
export const COACH_MODEL_DEADLINE_MS = 30_000;

/** The coach's free reviews each browser, and each network, may have running on the worker at once. */
export const COACH_REVIEWS_IN_FLIGHT = { perBrowser: 1, perNetwork: 2 };

const REVIEW_STORAGE = storesNothing('reviews the draft and answers; its revisions are kept through /api/essay-versions');
const REVIEW_USE = 'a student asking the coach about each revision of a draft: a few a minute at most (the page reviews as the student types on the device)';
/** The review without a model: the rules alone, a plain API call. */
const COACH_REVIEW_BUDGET: RouteBudget = {
  body: 'contract', rate: apiRate(30), storage: REVIEW_STORAGE, use: REVIEW_USE,
  cpu: loopCpu(35, 'the longest draft and the largest document the contract allows (the rules run on the worker)'),
};

/** A call that can reach the model: the AI calls' rates, with the coach's own words for what it stores and allows. */
const coachAiBudget = (gate: AiGate, storage: RouteBudget['storage'], use: string): RouteBudget =>
  ({ ...aiCallBudget(gate.limits, COACH_REVIEW_BUDGET.cpu), storage, use });
const STATUS_BUDGET = noBodyBudget(apiRate(60), 'answers from the configuration and the day\'s count',
  'the coach page opening, and after each "Ask the coach"', loopCpu(8, 'no input: the day\'s count read'));

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
  const withModel = ai.engine !== 'offline';
  const reviewBudget = withModel ? coachAiBudget(gate, REVIEW_STORAGE, `${REVIEW_USE}; with a model, each is an AI call`) : COACH_REVIEW_BUDGET;
  const questionsBudget = coachAiBudget(gate,
    storesNothing('asks the model about the draft and answers; its revisions are kept through /api/essay-versions'),
    'a student pressing "Ask the coach": a few a day at most, within the daily allowance of model reviews');
  const reviewsInFlight = createInFlightLimit({
    ...COACH_REVIEWS_IN_FLIGHT,
    refusal: {
      code: 'coach_busy', retryAfterSeconds: 1,
      message: 'The coach is still reading the drafts sent from here just before. Please try again in a moment.',
    },
  });

  /**
   * The model's questions about a draft, each through the adapter's gate (an exact quote, a question, no wording),
   * or null when no model could ask: none configured, the allowance spent, or the model failed or timed out.
   */
  async function modelQuestions(
    request: FastifyRequest, reply: FastifyReply, uid: string, input: CoachInput, wordLimit: WordLimit,
  ): Promise<PlacedComment[] | null> {
    if (!withModel) return null;
    try {
      await gate.takeCoachReview(uid, request.ip);
      const signal = AbortSignal.any([disconnectSignal(reply), AbortSignal.timeout(COACH_MODEL_DEADLINE_MS)]);
      const form = input.material?.form;
      const comments = await ai.coachQuestions({ draft: input.draft, kind: input.kind, prompt: input.prompt ?? '', wordLimit, form }, { signal });
      // With no length check the review says nothing about length, whoever asks.
      return wordLimit === null ? comments.filter((comment) => comment.kind !== 'length') : comments;
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
    config: { budget: reviewBudget, ...draftRoute },
    schema: { body: coachReviewRequestSchema, response: { 200: coachReviewResponseSchema, ...errors } },
    preValidation,
  }, async (request, reply) => {
    const uid = request.requireUid();
    const input = coachInput(request.body);
    // Off the event loop: the longest draft with the largest questionnaire is tens of milliseconds of rules.
    // Past the browser's or the network's reviews in flight, or with the thread's queue full, a 429 with a Retry-After.
    const review = await reviewsInFlight.run(uid, request.ip, () => callEngine(() => reviewDraftOffThread(input)));
    const comments = await modelQuestions(request, reply, uid, input, review.wordLimit);
    return answer(comments === null ? review : mergeModelComments(review, input.draft, comments));
  });

  app.post('/api/coach/questions', {
    config: { budget: questionsBudget, ...draftRoute },
    schema: { body: coachReviewRequestSchema, response: { 200: coachQuestionsResponseSchema, ...errors } },
    preValidation,
  }, async (request, reply) => {
    const uid = request.requireUid();
    const input = coachInput(request.body);
    const comments = await modelQuestions(request, reply, uid, input, input.wordLimit === undefined ? ESSAY_WORD_LIMIT : input.wordLimit);
    return comments === null ? { engine: 'offline' as const, comments: [] } : { engine: 'model' as const, comments };
  });

  app.get('/api/coach/status', {
    config: { budget: STATUS_BUDGET },
    schema: { response: { 200: coachStatusResponseSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    if (!withModel) return { model: null };
    const { limit, remaining } = await gate.coachReviewsLeft(uid);
    return { model: { engine: ai.engine, name: ai.modelName ?? ai.engine, left: remaining, limit } };
  });
};
