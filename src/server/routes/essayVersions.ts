// Essay versions of the server backend, for the cookie's uid only:
//   GET  /api/essay-versions?since=N  the versions stored after revision N, a page at a time
//   POST /api/essay-versions          {versions: [...], baseRevision} appends; a version already stored is left
//                                     as it is; 409 `erased` when the student's data was erased after that read
// Versions are never replaced or deleted one by one (only pruned to the browser's limits, and erased with the
// student's data), so two tabs or devices sending at once both end up with the union.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ESSAY_VERSION_KEYS_MAX } from '../../common/constants.ts';
import {
  errorBodySchema, essayVersionsPageSchema, essayVersionsQuerySchema, essayVersionsSavedSchema, saveEssayVersionsRequestSchema,
} from '../../common/contract.ts';
import {
  currentEssayVersionsRevision, ErasedSinceReadError, readEssayVersions, saveEssayVersions, TooManyEssaysError,
} from '../db/essayVersions.ts';
import type { Database } from '../db/schema.ts';
import { findTombstone } from '../db/tombstones.ts';
import { HttpError } from '../errors.ts';

export interface EssayVersionRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PATH = '/api/essay-versions';

export const essayVersionRoutes: FastifyPluginAsyncZod<EssayVersionRoutesOptions> = async (app, { db, clock }) => {
  app.get(PATH, {
    schema: { querystring: essayVersionsQuerySchema, response: { 200: essayVersionsPageSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const { since } = request.query;
    // Erased ("Delete my data", the retention purge) after this device's read: what it holds of before is
    // erased data, and it reads on from the erasure (the versions stored since).
    const tombstone = await findTombstone(db, uid);
    const mark = tombstone?.versionsRevision ?? 0;
    if (tombstone && since < mark) return { ...(await readEssayVersions(db, uid, mark)), erased: true };
    // A device that has read further than the server holds (a restored database) reads from the start.
    const current = Math.max(await currentEssayVersionsRevision(db, uid), mark);
    if (since <= current) return readEssayVersions(db, uid, since);
    const page = await readEssayVersions(db, uid, mark);
    if (page.versions.length > 0) return page;
    // None at all: erased with the student's data, or lost with the database (the device sends its own again).
    return { ...page, erased: tombstone !== undefined };
  });

  app.post(PATH, {
    schema: {
      body: saveEssayVersionsRequestSchema,
      response: { 200: essayVersionsSavedSchema, 401: errorBodySchema, 409: errorBodySchema },
    },
  }, async (request) => {
    const uid = request.requireUid();
    try {
      return { revision: await saveEssayVersions(db, uid, request.body.versions, clock(), request.body.baseRevision) };
    } catch (error) {
      if (error instanceof ErasedSinceReadError) {
        throw new HttpError(409, 'erased', 'Your data was erased after this device last read it: its copies of your versions are erased data.');
      }
      if (!(error instanceof TooManyEssaysError)) throw error;
      throw new HttpError(409, 'too_many_essays', `Versions are kept for at most ${ESSAY_VERSION_KEYS_MAX} essays per browser.`);
    }
  });
};
