// The student's side of the comments: GET /api/comments?essayKey=[&after=] answers a page of the shares of that
// essay holding comments, newest first, each with its snapshot (so the page can place every comment on the newer
// versions) and every comment with its replies; POST /api/comments/:id/replies replies (at most REPLIES_PER_COMMENT, idempotent by
// the client id); PUT /api/comments/:id {resolved} resolves or reopens. Only the share's student reaches them.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentParamsSchema, commentSchema, essayCommentsQuerySchema, newReplySchema, REPLIES_PER_COMMENT, resolveSchema,
} from '../../../common/comments/schema.ts';
import { errorBodySchema } from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, KIB, loopCpu, MIB, noBodyBudget, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import { essayCommentsJson, sendJson } from './commentsJson.ts';
import { addReply, commentedShares, resolveComment } from './repository.ts';

export interface CommentRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

// Its CPU: a page stops past 500,000 characters, but one share alone may hold 200 comments of 2,000 characters,
// each with 20 replies of 2,000: 8.4 million characters, 17 MB of JSON in two-byte letters (reaching it takes a
// student 4,000 replies). The answer is read and written in slices of COMMENT_SLICE_BYTES (256 KiB, at most one
// comment more when it is heavier): on the bench's 2-core machine, under other work, medians of 310–361 ms of
// loop CPU in all (479 at most), no slice holding the loop more than 19 ms.
const READ = noBodyBudget(apiRate(60), 'reads the comments on the student\'s shares',
  'an essay, supplemental or coach page opening, and again after a reply',
  loopCpu(600, 'one share of 20,000 two-byte letters with 200 comments of 2,000, each with 20 replies of 2,000, in slices of 256 KiB'));
const REPLY: RouteBudget = {
  // A reply is at most 2,000 characters (8 KB in UTF-8) and its client id.
  body: 12 * KIB, rate: apiRate(60),
  storage: { what: 'replies to comments', perBrowser: { bytes: 400 * 9 * KIB, rows: 400 }, perNetwork: { bytes: 40 * MIB, rows: 8000 } },
  use: 'the student replying to the comments on their essays',
  cpu: loopCpu(30, 'a reply of 2,000 characters to a comment holding 19'),
};
const RESOLVE: RouteBudget = {
  body: 'contract', rate: apiRate(120), storage: storesNothing('changes a comment\'s mark'),
  use: 'the student resolving the comments they have dealt with',
  cpu: loopCpu(25, 'a comment with 20 replies'),
};

const notFound = () => new HttpError(404, 'comment_not_found', 'There is no such comment on your shared essays.');

export const commentRoutes: FastifyPluginAsyncZod<CommentRoutesOptions> = async (app, { db, clock }) => {
  app.get('/api/comments', {
    config: { budget: READ },
    // The answer (essayCommentsSchema) is a stream written a slice at a time by essayCommentsJson, each part
    // encoded by its schema: the same JSON the serialiser would have written in one go.
    schema: { querystring: essayCommentsQuerySchema, response: { 401: errorBodySchema } },
  }, async (request, reply) => {
    const uid = request.requireUid();
    // Read before the first byte: a failure here is still an ordinary JSON error.
    const shares = await commentedShares(db, uid, request.query.essayKey, request.query.after);
    return sendJson(reply, essayCommentsJson(db, shares, clock()));
  });

  app.post('/api/comments/:id/replies', {
    config: { budget: REPLY },
    schema: {
      params: commentParamsSchema, body: newReplySchema,
      response: { 200: commentSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
    },
  }, async (request) => {
    const uid = request.requireUid();
    await request.spendStorage({ bytes: Buffer.byteLength(request.body.text, 'utf8') + 100, rows: 1 });
    const written = await addReply(db, uid, request.params.id, request.body, clock());
    if ('ok' in written) return written.ok;
    if (written.refused === 'not_found') throw notFound();
    if (written.refused === 'too_many') throw new HttpError(409, 'too_many_replies', `A comment holds at most ${REPLIES_PER_COMMENT} replies.`);
    throw new HttpError(409, 'client_id_taken', 'That reply id is already used by another reply.');
  });

  app.put('/api/comments/:id', {
    config: { budget: RESOLVE },
    schema: { params: commentParamsSchema, body: resolveSchema, response: { 200: commentSchema, 401: errorBodySchema, 404: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const comment = await resolveComment(db, uid, request.params.id, request.body.resolved, clock());
    if (comment === undefined) throw notFound();
    return comment;
  });
};
