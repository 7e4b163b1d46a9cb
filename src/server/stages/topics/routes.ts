// POST /api/topic-suggestions and POST /api/followup-questions: free, behind the AI gate.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema, followupQuestionsRequestSchema, followupQuestionsResponseSchema, topicSuggestionsRequestSchema,
  topicSuggestionsResponseSchema,
} from '../../../common/contract/contract.ts';
import type { AiPort } from '../../ai/index.ts';
import { type CpuBudget, loopCpu } from '../../limits/budgets.ts';
import { type AiGate, aiCallBudget } from '../../usage/aiGate.ts';
import { callEngine, disconnectSignal } from '../../http/aiHttp.ts';

export interface AiRoutesOptions {
  ai: AiPort;
  gate: AiGate;
}

const errors = { 401: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema, 504: errorBodySchema };

// The loop's share of a call: the body read and checked, the gate's counts; the offline composer runs on the worker.
const TOPICS_CPU = loopCpu(30, 'the largest form document the contract allows');
const FOLLOWUP_CPU = loopCpu(30, 'the largest form document, prompt and idea the contract allows');

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { ai, gate }) => {
  // The student's device copy of the form rides along: text the database could not store is repaired, not refused.
  const config = (cpu: CpuBudget) => ({ repairText: true, budget: aiCallBudget(gate.limits, cpu) });
  /** A signed-in browser the gate admits, then the engine's call, stopped if the browser hangs up. */
  const engineCall = async <T>(request: FastifyRequest, reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>) => {
    request.requireUid();
    await gate.admit(request.ip, 'free');
    const signal = disconnectSignal(reply);
    return callEngine(() => work(signal), signal);
  };

  app.post('/api/topic-suggestions', {
    config: config(TOPICS_CPU),
    schema: { body: topicSuggestionsRequestSchema, response: { 200: topicSuggestionsResponseSchema, ...errors } },
  }, async (request, reply) => {
    const { formData, variant } = request.body;
    return engineCall(request, reply, (signal) => ai.topicSuggestions(formData, { variant, signal }));
  });

  app.post('/api/followup-questions', {
    config: config(FOLLOWUP_CPU),
    schema: { body: followupQuestionsRequestSchema, response: { 200: followupQuestionsResponseSchema, ...errors } },
  }, async (request, reply) => {
    const { formData, selectedPrompt, selectedIdea, variant } = request.body;
    const questions = await engineCall(request, reply,
      (signal) => ai.followupQuestions(formData, selectedPrompt, selectedIdea, { variant, signal }));
    return { questions };
  });
};
