// POST /api/topic-suggestions and POST /api/followup-questions: free, behind the AI gate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema, followupQuestionsRequestSchema, followupQuestionsResponseSchema, topicSuggestionsRequestSchema,
  topicSuggestionsResponseSchema,
} from '../../common/contract.ts';
import type { AiPort } from '../ai/index.ts';
import { type AiGate, aiCallBudget } from '../usage/aiGate.ts';
import { callEngine, disconnectSignal } from './aiHttp.ts';

export interface AiRoutesOptions {
  ai: AiPort;
  gate: AiGate;
}

const errors = { 401: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema, 504: errorBodySchema };

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { ai, gate }) => {
  const budget = aiCallBudget(gate.limits);
  app.post('/api/topic-suggestions', {
    // The student's device copy of the form rides along: text the database could not store is repaired, not refused.
    config: { repairText: true, budget },
    schema: { body: topicSuggestionsRequestSchema, response: { 200: topicSuggestionsResponseSchema, ...errors } },
  }, async (request, reply) => {
    request.requireUid();
    await gate.admit(request.ip);
    const { formData, variant } = request.body;
    const signal = disconnectSignal(reply);
    return callEngine(() => ai.topicSuggestions(formData, { variant, signal }), signal);
  });

  app.post('/api/followup-questions', {
    // The student's device copy of the form rides along: text the database could not store is repaired, not refused.
    config: { repairText: true, budget },
    schema: { body: followupQuestionsRequestSchema, response: { 200: followupQuestionsResponseSchema, ...errors } },
  }, async (request, reply) => {
    request.requireUid();
    await gate.admit(request.ip);
    const { formData, selectedPrompt, selectedIdea, variant } = request.body;
    const signal = disconnectSignal(reply);
    const questions = await callEngine(
      () => ai.followupQuestions(formData, selectedPrompt, selectedIdea, { variant, signal }),
      signal,
    );
    return { questions };
  });
};
