// POST /api/feedback/submit: the feedback modal's submission, validated by the contract, stored
// with the browser's uid, and limited per browser (its session, or its IP without one).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackRequestSchema, feedbackResponseSchema } from '../../common/contract.ts';
import { insertFeedback } from '../db/feedback.ts';
import { networkKey } from '../limits/networkKey.ts';
import type { Database } from '../db/schema.ts';

export interface FeedbackRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** Submissions per browser per window; a person writes a few, a script writes thousands. */
  limit?: { max: number; windowMs: number };
}

const browserKey = (request: FastifyRequest): string => {
  const uid = request.uid;
  return uid === null ? `ip:${networkKey(request.ip)}` : `uid:${uid}`;
};

export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, options) => {
  const { db, clock } = options;
  const limit = options.limit ?? { max: 10, windowMs: 10 * 60_000 };

  app.post('/api/feedback/submit', {
    config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs, keyGenerator: browserKey } },
    schema: { body: feedbackRequestSchema, response: { 200: feedbackResponseSchema } },
  }, async (request) => {
    const body = request.body;
    await insertFeedback(db, {
      uid: request.uid,
      type: body.type,
      rating: body.rating,
      message: body.message,
      email: body.email,
      page: body.page,
      url: body.url,
      user_agent: body.user_agent,
      created_at: clock(),
    });
    return { ok: true as const };
  });
};
