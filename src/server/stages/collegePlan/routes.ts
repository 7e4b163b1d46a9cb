// The college planner's document: GET and PUT /api/college-plan for the cookie's uid. A PUT names the revision
// it is based on; a stale one gets 409 with the server's current document. A document over the planner's
// 512 KB (counted as stored) gets 413 before the contract is checked; one that breaks the contract (a 41st
// college, an 11th prompt, a prompt over 1,500 characters, a deadline outside 2000–2100) gets 400 naming the
// field. Either way nothing is stored. What a save adds is counted against the daily storage budget first.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLEGE_PLAN_LIMITS } from '../../../common/collegePlan/limits.ts';
import { collegePlanBytes } from '../../../common/collegePlan/schema.ts';
import {
  collegePlanConflictBodySchema, collegePlanRecordSchema, collegePlanSavedResponseSchema, errorBodySchema,
  putCollegePlanRequestSchema, type CollegePlanRecord,
} from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget } from '../../limits/budgets.ts';
import {
  findCollegePlan, insertCollegePlan, type SavedRevision, storedCollegePlanBytes, updateCollegePlan,
} from './repository.ts';

export interface CollegePlanRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PATH = '/api/college-plan';
const MAX_BYTES = COLLEGE_PLAN_LIMITS.documentBytes;

/** Measured on the parsed body as the database would store it, so spacing in the request changes nothing. */
async function refuseOversizedDocument(request: FastifyRequest): Promise<void> {
  const document = (request.body as { document?: unknown } | undefined)?.document;
  if (document === undefined) return;
  const bytes = collegePlanBytes(document);
  if (bytes > MAX_BYTES) {
    throw new HttpError(413, 'college_plan_too_large',
      `The college list is too large to save: it takes ${Math.ceil(bytes / 1024).toLocaleString('en')} KB, and the limit is ${MAX_BYTES / 1024} KB.`);
  }
}

const toRecord = (stored: Awaited<ReturnType<typeof findCollegePlan>>): CollegePlanRecord => ({
  document: (stored?.document ?? null) as CollegePlanRecord['document'],
  revision: stored?.revision ?? 0,
  updatedAt: stored?.updatedAt.toISOString() ?? null,
});

const toSaved = (saved: SavedRevision) => ({ revision: saved.revision, updatedAt: saved.updatedAt.toISOString() });

// The largest list (512 KB as stored) measured 24–28 ms on the bench's loaded 2-core machine, in one go.
const READ = noBodyBudget(apiRate(60), 'reads the college list', 'a tab loading or reconciling the saved college list',
  loopCpu(40, 'no input: the largest college list a browser may hold'));
const SAVE: RouteBudget = {
  // Room for the document plus its envelope and a client's spacing; the exact limit is the document's.
  body: 2 * MAX_BYTES,
  rate: apiRate(120),
  // One document per browser: a day's growth of four full lists covers rewriting every prompt; the second row
  // covers two tabs racing to create it.
  storage: { what: 'changes to your college list', perBrowser: { bytes: 4 * MAX_BYTES, rows: 2 } },
  // Its largest list (400 prompts in 512 KB, each checked and cleaned) held a fresh server's loop 49 ms in the
  // hostile-bodies suite's warm-up, before its code was compiled for long texts.
  cpu: loopCpu(50, 'a college list of 512 KB replacing one as large: every prompt checked and cleaned'),
  use: 'the device copy saved 0.5 s after each pause in typing, one save at a time: at most about 2 a second',
};

export const collegePlanRoutes: FastifyPluginAsyncZod<CollegePlanRoutesOptions> = async (app, { db, clock }) => {
  app.get(PATH, { config: { budget: READ }, schema: { response: { 200: collegePlanRecordSchema } } }, async (request) =>
    toRecord(await findCollegePlan(db, request.requireUid())));

  app.put(PATH, {
    preValidation: refuseOversizedDocument,
    config: { budget: SAVE, idempotent: true },
    schema: {
      body: putCollegePlanRequestSchema,
      response: { 200: collegePlanSavedResponseSchema, 409: collegePlanConflictBodySchema, 413: errorBodySchema },
    },
  }, async (request, reply) => {
    const uid = request.requireUid();
    const { document, baseRevision } = request.body;
    const stored = await storedCollegePlanBytes(db, uid);
    await request.spendStorage({ bytes: collegePlanBytes(document) - (stored ?? 0), rows: stored === undefined ? 1 : 0 });
    const write = { uid, document, at: clock() };
    const saved = baseRevision === 0 ? await insertCollegePlan(db, write) : await updateCollegePlan(db, { ...write, baseRevision });
    if (saved) return toSaved(saved);
    return reply.code(409).send({
      error: 'Your college list was changed elsewhere (another tab or device) since this one last saved.',
      code: 'stale_revision',
      current: toRecord(await findCollegePlan(db, uid)),
    });
  });
};
