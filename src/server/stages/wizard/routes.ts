// The form document of the "server" backend: GET, PUT and DELETE /api/forms/me for the
// cookie's uid. A PUT names the revision it is based on; a stale one gets 409 with the server's current
// document so the browser can reconcile section by section. A document over FORM_DOCUMENT_MAX_BYTES gets
// 413 before the contract is checked; one that fails the contract gets 400 naming the field. What a save adds
// (the document's growth, and its row the first time) is counted against the daily storage budget first.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORM_DOCUMENT_MAX_BYTES } from '../../../common/limits/limits.ts';
import {
  errorBodySchema, formConflictBodySchema, formRecordSchema, formSavedResponseSchema, putFormRequestSchema,
} from '../../../common/contract/contract.ts';
import type { FormRecord } from '../../../common/contract/contract.ts';
import { jsonbTextBytes } from '../../../common/limits/storedBytes.ts';
import {
  clearForm, findForm, insertForm, type SavedRevision, storedFormBytes, updateForm,
} from './repository.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget } from '../../limits/budgets.ts';

export interface FormRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PATH = '/api/forms/me';
const LIMIT_KB = Math.round(FORM_DOCUMENT_MAX_BYTES / 1024);

/** Measured on the parsed body, so the limit is the document's own size whatever the request's spacing. */
async function refuseOversizedDocument(request: FastifyRequest): Promise<void> {
  const document = (request.body as { document?: unknown } | undefined)?.document;
  if (document === undefined) return;
  if (Buffer.byteLength(JSON.stringify(document), 'utf8') > FORM_DOCUMENT_MAX_BYTES) {
    throw new HttpError(413, 'document_too_large', `The form document is too large: the limit is ${LIMIT_KB} KB.`);
  }
}

const toRecord = (stored: Awaited<ReturnType<typeof findForm>>): FormRecord => ({
  document: (stored?.document ?? null) as FormRecord['document'],
  revision: stored?.revision ?? 0,
  updatedAt: stored?.updatedAt.toISOString() ?? null,
});

const toSaved = (saved: SavedRevision | undefined) => ({
  revision: saved?.revision ?? 0,
  updatedAt: saved?.updatedAt.toISOString() ?? null,
});

const READ = noBodyBudget(apiRate(60), 'reads the document', 'a tab loading or reconciling the saved copy',
  loopCpu(30, 'no input: the largest document a browser may hold'));
const RESET = noBodyBudget(apiRate(10), 'empties the document; its row stays', '"Start over"',
  loopCpu(10, 'no input: the largest document emptied'));
export const FORM_SAVE_BUDGET: RouteBudget = {
  // Room for the document plus its envelope; the exact limit is the document's (refuseOversizedDocument).
  body: FORM_DOCUMENT_MAX_BYTES * 2,
  rate: apiRate(120),
  // A browser has one document, at most FORM_DOCUMENT_MAX_BYTES: a day's growth of four full documents covers
  // rewriting every answer and essay, and starting over; the second row covers two tabs racing to create it.
  storage: { what: 'changes to your answers', perBrowser: { bytes: 4 * FORM_DOCUMENT_MAX_BYTES, rows: 2 } },
  use: 'the device copy saved 0.5 s after each pause in typing, one save at a time: at most about 2 a second',
  cpu: loopCpu(40, 'a document of the largest size, replacing one as large'),
};

export const formRoutes: FastifyPluginAsyncZod<FormRoutesOptions> = async (app, { db, clock }) => {
  app.get(PATH, { config: { budget: READ }, schema: { response: { 200: formRecordSchema } } }, async (request) =>
    toRecord(await findForm(db, request.requireUid())));

  app.put(PATH, {
    preValidation: refuseOversizedDocument,
    // Devices already hold documents with NUL or half an emoji: repaired to U+FFFD rather than refused.
    config: { repairText: true, budget: FORM_SAVE_BUDGET, idempotent: true },
    schema: {
      body: putFormRequestSchema,
      response: { 200: formSavedResponseSchema, 409: formConflictBodySchema, 413: errorBodySchema },
    },
  }, async (request, reply) => {
    const uid = request.requireUid();
    const { document, baseRevision } = request.body;
    const stored = await storedFormBytes(db, uid);
    await request.spendStorage({ bytes: jsonbTextBytes(document) - (stored ?? 0), rows: stored === undefined ? 1 : 0 });
    const write = { uid, document, at: clock() };
    const saved = baseRevision === 0 ? await insertForm(db, write) : await updateForm(db, { ...write, baseRevision });
    if (saved) return toSaved(saved);
    return reply.code(409).send({
      error: 'Your saved copy was changed elsewhere (another tab or device) since this one last saved.',
      code: 'stale_revision',
      current: toRecord(await findForm(db, uid)),
    });
  });

  app.delete(PATH, { config: { budget: RESET }, schema: { response: { 200: formSavedResponseSchema } } }, async (request) =>
    toSaved(await clearForm(db, { uid: request.requireUid(), at: clock() })));
};
