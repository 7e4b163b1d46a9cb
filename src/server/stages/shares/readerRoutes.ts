// The reader's side of a share, outside the student's session: POST /api/read/session opens a link's token
// through the secret gate (wrong tokens counted per network, answered 429 past the bound) and answers the
// shared text with a cookie for that share only; GET /api/read/:shareId reads it again with the reader's own
// comments and the student's replies to them; POST, PUT and DELETE /api/read/:shareId/comments[/:id] write the
// reader's comments. The cookie `rs_<shareId>` (Path=/api/read/<shareId>, httpOnly, SameSite=Strict) holds a
// random reader-session value, never the token or a digest; it opens nothing on any other route. Every answer
// here tells browsers, caches and crawlers to keep nothing and to send no Referer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anchorProblem } from '../../../common/comments/anchor.ts';
import {
  COMMENTS_PER_SHARE, commentEditSchema, commentSchema, newCommentSchema, readerCommentParamsSchema, readerSessionRequestSchema,
  readerShareParamsSchema,
} from '../../../common/comments/schema.ts';
import { errorBodySchema, noContentSchema } from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { KIB, loopCpu, MIB, MINUTE_MS, noBodyBudget, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import {
  addComment, deleteComment, editComment, endIfExpired, findShare, readerSessionOf, type ShareRow, shareState, startReaderSession,
} from './repository.ts';
import { readerShareJson, sendJson } from './commentsJson.ts';
import { parseToken, secretMatches } from './shareToken.ts';

export interface ReaderRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** Cookies are Secure when the app is served over https. */
  secure: boolean;
}

export const READER_MESSAGES = {
  expired: 'This link has expired.',
  stopped: 'The student stopped sharing this link.',
  broken: 'This link does not work.',
} as const;

/** The headers of every reader answer: nothing kept, nothing indexed, no Referer, never framed. */
export const READER_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow, noarchive',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

// A reader has no student session: rates are counted per network, and against the network's API allowance as
// every API call is. Opening links has a tight rate of its own, refused before the allowance is counted, so a
// guesser's tokens spend at most that many of the allowance a minute (the gate refuses them past its bound).
const readerRate = (perNetwork: number) => ({ windowMs: MINUTE_MS, perBrowser: null, perNetwork, apiAllowance: true });

const OPEN: RouteBudget = {
  body: 'contract', rate: readerRate(60),
  storage: storesNothing('a reader session: one short row per link opened, deleted when the link ends'),
  use: 'a counsellor opening the links of a class\'s students: 60 a minute from one school',
  cpu: loopCpu(25, 'a share of 20,000 characters'),
};
// Its CPU as the student's page of comments at its largest (commentRoutes.ts): one share of 8.4 million characters,
// in slices of COMMENT_SLICE_BYTES (256 KiB): medians of 307–379 ms in all on the bench, no slice over 14 ms.
const READ = noBodyBudget(readerRate(240), 'reads the share and the reader\'s comments',
  'the reader\'s page reloading a share, for every counsellor at a school',
  loopCpu(600, 'a share of 20,000 two-byte letters with 200 comments of 2,000, each with 20 replies of 2,000, in slices of 256 KiB'));
/** A comment: 2,000 characters (8 KB in UTF-8), a quote of 500 (2 KB), its context and ids. */
const COMMENT_BYTES = 11 * KIB;
const WRITE: RouteBudget = {
  // The comment, its quote and context in UTF-8, its client id and the JSON around them.
  body: 16 * KIB, rate: readerRate(240),
  // Counted against the student whose share it is, and the reader's network (a counsellor reading a class).
  storage: {
    what: 'comments',
    perBrowser: { bytes: 2 * COMMENTS_PER_SHARE * COMMENT_BYTES, rows: 2 * COMMENTS_PER_SHARE },
    perNetwork: { bytes: 40 * MIB, rows: 4000 },
  },
  use: 'readers commenting on a student\'s essays: up to 200 comments a share',
  cpu: loopCpu(25, 'a comment of 2,000 characters on a quote of 500'),
};
const EDIT: RouteBudget = {
  body: 'contract', rate: readerRate(240), storage: storesNothing('replaces a comment\'s words, within the same bound'),
  use: 'a reader correcting their comments', cpu: loopCpu(20, 'a comment of 2,000 characters with 20 replies'),
};
const REMOVE = noBodyBudget(readerRate(240), 'deletes a comment', 'a reader deleting their comments',
  loopCpu(12, 'a comment with 20 replies'));

const broken = () => new HttpError(404, 'share_link_broken', READER_MESSAGES.broken);
const ended = (state: 'expired' | 'stopped') => new HttpError(410, `share_${state}`, READER_MESSAGES[state]);

const cookieName = (shareId: string) => `rs_${shareId}`;
const cookiePath = (shareId: string) => `/api/read/${shareId}`;

type Found = { state: 'wrong' } | { state: 'expired' | 'stopped'; share: ShareRow } | { state: 'live'; share: ShareRow };

export const readerRoutes: FastifyPluginAsyncZod<ReaderRoutesOptions> = async (app, { db, clock, secure }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(READER_HEADERS);
  });

  const cookieOptions = (shareId: string) => ({ path: cookiePath(shareId), httpOnly: true, sameSite: 'strict' as const, secure });

  /** The share a link's token names, and whether the token opens it. */
  const lookUp = async (token: string, now: Date): Promise<Found> => {
    const parsed = parseToken(token);
    const share = parsed && await findShare(db, parsed.shareId);
    if (parsed === undefined || share === undefined) return { state: 'wrong' };
    const state = shareState(share, now);
    if (state !== 'live') {
      await endIfExpired(db, share, now);
      return { state, share };
    }
    return share.token_hash !== null && secretMatches(parsed.secret, share.token_hash) ? { state, share } : { state: 'wrong' };
  };

  /** The share and this reader's session on it, or the reader is told the link no longer opens. */
  const openReader = async (request: FastifyRequest, reply: FastifyReply, shareId: string) => {
    const now = clock();
    const share = await findShare(db, shareId);
    if (share === undefined) throw broken();
    const state = shareState(share, now);
    const value = request.cookies[cookieName(shareId)];
    const session = state === 'live' && value !== undefined ? await readerSessionOf(db, shareId, value) : undefined;
    if (session !== undefined) return { share, session, now };
    if (value !== undefined) reply.clearCookie(cookieName(shareId), cookieOptions(shareId));
    if (state === 'live') throw broken();
    await endIfExpired(db, share, now);
    throw ended(state);
  };

  /** The share as the reader sees it (readerShareSchema), its comments read and written a slice at a time. */
  const sendShareView = (reply: FastifyReply, share: ShareRow, session: string) => sendJson(reply, readerShareJson(db, share, session));

  app.post('/api/read/session', {
    config: { budget: OPEN, secret: 'share-token' },
    // The answer (readerShareSchema) is a stream written a slice at a time (sendShareView).
    schema: { body: readerSessionRequestSchema, response: { 404: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema } },
  }, async (request, reply) => {
    const now = clock();
    const found = await request.checkSecret('share-token', () => lookUp(request.body.token, now), (result) => result.state === 'wrong');
    if (found.state === 'wrong') throw broken();
    if (found.state !== 'live') throw ended(found.state);
    const session = await startReaderSession(db, found.share.id, now);
    if (session === undefined) throw ended(shareState(found.share, clock()) === 'expired' ? 'expired' : 'stopped');
    reply.setCookie(cookieName(found.share.id), session.secret, { ...cookieOptions(found.share.id), expires: found.share.expires_at });
    return sendShareView(reply, found.share, session.id);
  });

  app.get('/api/read/:shareId', {
    config: { budget: READ },
    schema: { params: readerShareParamsSchema, response: { 404: errorBodySchema, 410: errorBodySchema } },
  }, async (request, reply) => {
    const { share, session } = await openReader(request, reply, request.params.shareId);
    return sendShareView(reply, share, session);
  });

  app.post('/api/read/:shareId/comments', {
    config: { budget: WRITE },
    schema: {
      params: readerShareParamsSchema, body: newCommentSchema,
      response: { 200: commentSchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, 422: errorBodySchema },
    },
  }, async (request, reply) => {
    const { share, session, now } = await openReader(request, reply, request.params.shareId);
    const { anchor } = request.body;
    const problem = anchor && anchorProblem(share.snapshot, anchor);
    if (problem !== undefined) throw new HttpError(422, 'quote_not_in_snapshot', problem);
    const { text } = request.body;
    const bytes = Buffer.byteLength(text, 'utf8') + (anchor ? Buffer.byteLength(anchor.quote + anchor.prefix + anchor.suffix, 'utf8') : 0) + 100;
    await request.spendStorage({ bytes, rows: 1 }, share.uid);
    const written = await addComment(db, share, session, request.body, now);
    if ('ok' in written) return written.ok;
    if (written.refused === 'too_many') {
      throw new HttpError(409, 'too_many_comments', `This link already holds ${COMMENTS_PER_SHARE} comments, as many as it can.`);
    }
    throw new HttpError(409, 'client_id_taken', 'That comment id is already used by another comment.');
  });

  app.put('/api/read/:shareId/comments/:id', {
    config: { budget: EDIT },
    schema: {
      params: readerCommentParamsSchema, body: commentEditSchema,
      response: { 200: commentSchema, 404: errorBodySchema, 410: errorBodySchema },
    },
  }, async (request, reply) => {
    const { share, session, now } = await openReader(request, reply, request.params.shareId);
    const comment = await editComment(db, share, session, request.params.id, request.body.text, now);
    if (comment === undefined) throw new HttpError(404, 'comment_not_found', 'You have no such comment on this essay.');
    return comment;
  });

  app.delete('/api/read/:shareId/comments/:id', {
    config: { budget: REMOVE },
    schema: { params: readerCommentParamsSchema, response: { 204: noContentSchema, 404: errorBodySchema, 410: errorBodySchema } },
  }, async (request, reply) => {
    const { share, session } = await openReader(request, reply, request.params.shareId);
    await deleteComment(db, share.id, session, request.params.id);
    return reply.code(204).send();
  });
};
