// POST /api/generate-essay (paid plan only: 402 otherwise) and POST /api/supplemental-essay (free, with a
// per-browser daily quota), both as JSON or streamed (essayStream.ts). Notes on what would make the draft
// stronger travel beside the essay, never inside it, so Copy and Download give only the essay.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema, essayResponseSchema, generateEssayRequestSchema, supplementalEssayRequestSchema,
} from '../../../common/contract/contract.ts';
import { MESSAGES } from '../../../common/contract/messages.ts';
import { essaySources, type AiPort, type EssayInput, type SupplementalInput } from '../../ai/index.ts';
import type { PlanReader } from '../../db/planReader.ts';
import { HttpError } from '../../http/errors.ts';
import { type CpuBudget, loopCpu } from '../../limits/budgets.ts';
import { type AiGate, aiCallBudget } from '../../usage/aiGate.ts';
import { disconnectSignal } from '../../http/aiHttp.ts';
import { answerEssay } from '../../http/essayStream.ts';

export interface EssayRoutesOptions {
  ai: AiPort;
  gate: AiGate;
  readPlan: PlanReader;
}

const errors = {
  401: errorBodySchema, 402: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema, 504: errorBodySchema,
};

// The loop's share of a call: the body read and checked, the gate's counts, the answer streamed; the offline
// composer runs on the worker.
const ESSAY_CPU = loopCpu(45, 'the largest form document, prompt, idea and follow-up answers the contract allows');
const SUPPLEMENTAL_CPU = loopCpu(30, 'the largest form document and prompt the contract allows');

export const essayRoutes: FastifyPluginAsyncZod<EssayRoutesOptions> = async (app, { ai, gate, readPlan }) => {
  // The student's device copy of the form rides along: text the database could not store is repaired, not refused.
  const config = (cpu: CpuBudget) => ({ repairText: true, budget: aiCallBudget(gate.limits, cpu) });
  app.post('/api/generate-essay', {
    config: config(ESSAY_CPU),
    schema: { body: generateEssayRequestSchema, response: { 200: essayResponseSchema, ...errors } },
  }, async (request, reply) => {
    const uid = request.requireUid();
    // Paid features are enforced here, whatever the page shows.
    if (await readPlan(uid) !== 'paid') throw new HttpError(402, 'payment_required', MESSAGES.upgradeRequired);
    // The one paid call: it may spend the share of the network's daily budget kept from free calls.
    await gate.admit(request.ip, 'paid');
    const { formData, selectedPrompt, selectedIdea, followUpResponses, variant } = request.body;
    const input: EssayInput = {
      form: formData, prompt: selectedPrompt, idea: selectedIdea, followUpResponses, variant: variant ?? 0,
    };
    const signal = disconnectSignal(reply);
    return answerEssay(request, reply, {
      chunks: ai.essay(input, { signal }),
      signal,
      finish: async (essay) => ({ essay, notes: ai.essayNotes(input), engine: ai.engine, sources: await essaySources(ai, input, essay) }),
    });
  });

  app.post('/api/supplemental-essay', {
    config: config(SUPPLEMENTAL_CPU),
    schema: { body: supplementalEssayRequestSchema, response: { 200: essayResponseSchema, ...errors } },
  }, async (request, reply) => {
    const uid = request.requireUid();
    await gate.admit(request.ip, 'free');
    const quota = await gate.takeSupplemental(uid);
    const { formData, essayPrompt, wordCount, variant } = request.body;
    const input: SupplementalInput = { form: formData, essayPrompt, wordCount, variant: variant ?? 0 };
    const signal = disconnectSignal(reply);
    return answerEssay(request, reply, {
      chunks: ai.supplementalEssay(input, { signal }),
      signal,
      finish: (essay) => ({ essay, notes: ai.supplementalNotes(input), engine: ai.engine, quota }),
      onFailure: () => gate.returnSupplemental(uid),
    });
  });
};
