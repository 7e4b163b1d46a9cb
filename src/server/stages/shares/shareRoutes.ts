// The student's links: POST /api/shares shares one version for comments (its text kept as the share's own
// snapshot) and answers the link `/read#<token>`, the only time the token exists outside the reader's URL;
// GET /api/shares lists them; DELETE /api/shares/:id stops one at once. At most LIVE_SHARES_PER_STUDENT live
// links. The token never appears in a log line: it travels in a response body once, and the log keeps paths.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIVE_SHARES_PER_STUDENT, shareCreatedSchema, shareListSchema, shareParamsSchema, shareRequestSchema, shareStoppedSchema,
} from '../../../common/comments/schema.ts';
import { errorBodySchema } from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, KIB, loopCpu, MIB, noBodyBudget, type RouteBudget } from '../../limits/budgets.ts';
import { createShare, listShares, shareState, stopShare, TooManyLiveSharesError } from './repository.ts';
import { tokenOf } from './shareToken.ts';

export interface ShareRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

/** A share's row: its snapshot (at most 20,000 characters, up to 80 KB in UTF-8), title and names. */
const SHARE_ROW_BYTES = 100 * KIB;

const CREATE: RouteBudget = {
  body: 'contract',
  rate: apiRate(10),
  // A school's students share a few versions each a day: 2,000 links of the usual few KB.
  storage: { what: 'shared versions', perBrowser: { bytes: 40 * SHARE_ROW_BYTES, rows: 40 }, perNetwork: { bytes: 100 * MIB, rows: 2000 } },
  use: 'sharing a version with a counsellor, a teacher or a parent: a few links a day, 20 live at most',
  cpu: loopCpu(20, 'a version of 20,000 characters with the longest title and reader name'),
};
const LIST = noBodyBudget(apiRate(30), 'reads the student\'s links',
  'the list of links, when a page with "Share for comments" opens and after a change',
  loopCpu(20, 'the 100 newest links with their comment counts'));
const STOP = noBodyBudget(apiRate(20), 'ends a link: its secret\'s digest and its readers\' sessions are deleted',
  '"Stop sharing" on one of the links, now and then', loopCpu(10, 'a live link with a reader\'s session and 200 comments'));

const notFound = () => new HttpError(404, 'share_not_found', 'You have no such link.');

export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, { db, clock }) => {
  app.post('/api/shares', {
    config: { budget: CREATE },
    schema: { body: shareRequestSchema, response: { 201: shareCreatedSchema, 401: errorBodySchema, 409: errorBodySchema } },
  }, async (request, reply) => {
    const uid = request.requireUid();
    const { body } = request;
    const bytes = Buffer.byteLength(body.text, 'utf8') + Buffer.byteLength(body.title ?? '', 'utf8') + Buffer.byteLength(body.readerName ?? '', 'utf8');
    await request.spendStorage({ bytes, rows: 1 });
    try {
      const share = await createShare(db, { uid, ...body }, clock());
      return await reply.code(201).send({ id: share.id, url: `/read#${tokenOf(share.id, share.secret)}`, expiresAt: share.expiresAt.toISOString() });
    } catch (error) {
      if (!(error instanceof TooManyLiveSharesError)) throw error;
      throw new HttpError(409, 'too_many_shares', `You can have at most ${LIVE_SHARES_PER_STUDENT} links at once. Stop sharing one to make another.`);
    }
  });

  app.get('/api/shares', {
    config: { budget: LIST },
    schema: { response: { 200: shareListSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const now = clock();
    return {
      shares: (await listShares(db, uid)).map(({ row, comments }) => ({
        id: row.id, essayKey: row.essay_key, versionId: row.version_id,
        ...(row.title === null ? {} : { title: row.title }), ...(row.reader_name === null ? {} : { readerName: row.reader_name }),
        createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(), state: shareState(row, now), comments,
      })),
    };
  });

  app.delete('/api/shares/:id', {
    config: { budget: STOP },
    schema: { params: shareParamsSchema, response: { 200: shareStoppedSchema, 401: errorBodySchema, 404: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    if (!(await stopShare(db, uid, request.params.id, clock()))) throw notFound();
    return { stopped: true as const };
  });
};
