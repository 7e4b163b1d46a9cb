// Essay versions of the server backend, for the cookie's uid only:
//   GET  /api/essay-versions?since=N  the versions stored after revision N, a page at a time
//   POST /api/essay-versions          {versions: [...]} appends; a version already stored is left as it is
// Versions are never replaced or deleted one by one (only pruned to the browser's limits, and erased with the
// student's data), so two tabs or devices sending at once both end up with the union.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ESSAY_VERSION_KEYS_MAX } from '../../common/constants.ts';
import {
  errorBodySchema, essayVersionsPageSchema, essayVersionsQuerySchema, essayVersionsSavedSchema, saveEssayVersionsRequestSchema,
} from '../../common/contract.ts';
import { currentEssayVersionsRevision, readEssayVersions, saveEssayVersions, TooManyEssaysError } from '../db/essayVersions.ts';
import { findForm } from '../db/forms.ts';
import type { Database } from '../db/schema.ts';
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
    // A device that has read further than the server holds (a restored database) reads from the start.
    const current = await currentEssayVersionsRevision(db, uid);
    if (request.query.since <= current) return readEssayVersions(db, uid, request.query.since);
    const page = await readEssayVersions(db, uid, 0);
    if (page.versions.length > 0) return page;
    // None at all: erased with the student's data (the document is then a tombstone), or lost with the database.
    const form = await findForm(db, uid);
    return { ...page, erased: form !== undefined && form.document === null };
  });

  app.post(PATH, {
    schema: {
      body: saveEssayVersionsRequestSchema,
      response: { 200: essayVersionsSavedSchema, 401: errorBodySchema, 409: errorBodySchema },
    },
  }, async (request) => {
    const uid = request.requireUid();
    try {
      return { revision: await saveEssayVersions(db, uid, request.body.versions, clock()) };
    } catch (error) {
      if (!(error instanceof TooManyEssaysError)) throw error;
      throw new HttpError(409, 'too_many_essays', `Versions are kept for at most ${ESSAY_VERSION_KEYS_MAX} essays per browser.`);
    }
  });
};
