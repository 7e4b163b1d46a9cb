// POST /api/feedback/submit: the feedback modal's submission, validated by the contract, stored with the
// browser's uid, within its budget: a few submissions per browser per 10 minutes, and a day's storage.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackRequestSchema, feedbackResponseSchema } from '../../../common/contract/contract.ts';
import { insertFeedback, type NewFeedback } from './repository.ts';
import type { Database } from '../../db/schema.ts';
import { KIB, loopCpu, MINUTE_MS, type RouteBudget } from '../../limits/budgets.ts';

export interface FeedbackRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

export const FEEDBACK_BUDGET: RouteBudget = {
  body: 'contract',
  // A person writes a few; a script writes thousands.
  rate: { windowMs: 10 * MINUTE_MS, perBrowser: 10, perNetwork: null, apiAllowance: true },
  // At most about 30 KB each (5,000 characters of message, the page's address and the browser's name).
  storage: { what: 'feedback messages', perBrowser: { bytes: 512 * KIB, rows: 20 } },
  use: 'the feedback form: a student reporting a problem or an idea, a few times at most',
  cpu: loopCpu(15, 'a message of the longest texts the contract allows'),
};

/** What a submission stores, as JSON text: its texts and the few fixed fields around them. */
const storedBytes = (feedback: NewFeedback): number => Buffer.byteLength(JSON.stringify(feedback), 'utf8');

export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, { db, clock }) => {
  app.post('/api/feedback/submit', {
    config: { budget: FEEDBACK_BUDGET },
    schema: { body: feedbackRequestSchema, response: { 200: feedbackResponseSchema } },
  }, async (request) => {
    // The contract is strict: the body is exactly the columns the browser fills in.
    const feedback: NewFeedback = { uid: request.uid, ...request.body, created_at: clock() };
    await request.spendStorage({ bytes: storedBytes(feedback), rows: 1 });
    await insertFeedback(db, feedback);
    return { ok: true as const };
  });
};
