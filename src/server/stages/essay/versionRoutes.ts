// Essay versions of the server backend, for the cookie's uid only:
//   GET  /api/essay-versions?since=N  the versions stored after revision N, a page at a time
//   POST /api/essay-versions          {versions: [...], baseRevision} appends; a version already stored is left
//                                     as it is; 409 `erased` when the student's data was erased after that read
// Versions are never replaced or deleted one by one (only pruned to the browser's limits, and erased with the
// student's data), so two tabs or devices sending at once both end up with the union.
// What a batch adds is counted against the daily storage budget before it is stored (a version already stored
// counts too: the server cannot know without reading it, and a device sends each one once).
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ESSAY_VERSION_KEYS_MAX } from '../../../common/limits/limits.ts';
import {
  errorBodySchema, essayVersionsPageSchema, essayVersionsQuerySchema, essayVersionsSavedSchema, saveEssayVersionsRequestSchema,
} from '../../../common/contract/contract.ts';
import {
  currentEssayVersionsRevision, ErasedSinceReadError, readEssayVersions, saveEssayVersions, TooManyEssaysError,
} from './versionRepository.ts';
import type { Database } from '../../db/schema.ts';
import { findTombstone } from '../../db/tombstones.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, MIB, noBodyBudget, type RouteBudget } from '../../limits/budgets.ts';

export interface EssayVersionRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PATH = '/api/essay-versions';

const READ = noBodyBudget(apiRate(300), 'reads versions',
  'a new device reading every version, a page of up to 256 KiB at a time: a browser holds at most 2 MiB and 1,000 versions',
  loopCpu(25, 'a page (ESSAY_VERSIONS_PAGE_BYTES) of a browser at its total in 80 KB versions'));
export const VERSIONS_SAVE_BUDGET: RouteBudget = {
  body: 'contract',
  rate: apiRate(300),
  // A version is kept on each 30 s pause while editing, on each generation and each "Save version": a long day
  // of editing is a few hundred, of a few KB each (an essay of 650 words is about 4 KB).
  storage: { what: 'essay versions', perBrowser: { bytes: 5 * MIB, rows: 500 } },
  use: 'the device sending its new versions, up to 5 and 256 KiB a request, as it keeps them (a new device catching up sends many at once)',
  cpu: loopCpu(35, 'a batch of ESSAY_VERSIONS_REQUEST_BYTES in 80 KB versions, into a browser at its total'),
};

/** What a batch adds: its rows, and their text, coach data and names as they are stored. */
const versionBytes = (versions: ReadonlyArray<{ id: string; essayKey: string; at: string; text: string; coach?: unknown }>): number =>
  versions.reduce((sum, version) => sum + Buffer.byteLength(version.text, 'utf8') + version.id.length + version.essayKey.length + version.at.length
    + (version.coach === undefined ? 0 : Buffer.byteLength(JSON.stringify(version.coach), 'utf8')), 0);

export const essayVersionRoutes: FastifyPluginAsyncZod<EssayVersionRoutesOptions> = async (app, { db, clock }) => {
  app.get(PATH, {
    config: { budget: READ },
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
    config: { budget: VERSIONS_SAVE_BUDGET, idempotent: true },
    schema: {
      body: saveEssayVersionsRequestSchema,
      response: { 200: essayVersionsSavedSchema, 401: errorBodySchema, 409: errorBodySchema },
    },
  }, async (request) => {
    const uid = request.requireUid();
    await request.spendStorage({ bytes: versionBytes(request.body.versions), rows: request.body.versions.length });
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
