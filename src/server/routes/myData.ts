// The student's own data: GET /api/my-data downloads everything the server holds for the session's uid as
// one JSON document, { uid, exportedAt, tables: { name: [rows] } }, written to the reply as its pages are read
// (studentExport.ts), so no export sits in memory or holds the event loop; one at a time per browser on this
// instance (a second gets 429 with Retry-After). Every table is checked readable before the first byte (a locked
// one answers 503 `database_busy`, a broken database 500, as JSON errors). A read that fails once the export is
// under way leaves the document unterminated and cuts the connection without the response's end, so neither
// a parser nor a browser's download takes a cut export for a whole one. DELETE /api/my-data (body {"confirm": true}) erases it,
// tombstone first, then in batches, keeping only the payment records the law requires (each stage's data.ts).
// Both act on the cookie's uid only; DELETE, like every state-changing call, passes the Origin check.
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMyDataRequestSchema, errorBodySchema, myDataDeletedSchema } from '../../common/contract/contract.ts';
import { purgeExpiredWrites } from '../db/idempotentWrites.ts';
import { purgeIdleStudents } from '../db/retentionPurge.ts';
import type { Database } from '../db/schema.ts';
import { eraseStudentData } from '../db/studentErase.ts';
import { checkExportReadable } from '../db/studentExport.ts';
import type { StudentData } from '../db/studentData.ts';
import { findTombstone } from '../db/tombstones.ts';
import { ESSAY_VERSIONS_PAGE_BYTES } from '../../common/limits/limits.ts';
import { signOutOtherDevices } from '../session/deviceSessions.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget, storesNothing } from '../limits/budgets.ts';

export interface MyDataRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** A student's data as the stages declare it. */
  data: StudentData;
}

const PATH = '/api/my-data';
const KEPT_AFTER_DELETION = [
  'Your plan and the record of any payment (amount, date, discount applied), as the law requires for a receipt; they hold no answers and no e-mail address.',
];
const EXPORT_BUDGET = noBodyBudget(apiRate(10), 'reads the student\'s data', '"Download my data", now and then',
  loopCpu(200, 'the largest browser the budgets allow, in slices'));
const ERASE_BUDGET: RouteBudget = {
  body: 'contract', rate: apiRate(5), storage: storesNothing('erases the student\'s data'), use: '"Delete my data", once',
  cpu: loopCpu(70, 'the largest browser the budgets allow'),
};

/** How long a browser whose export is still being written is asked to wait (s). */
export const EXPORT_RETRY_AFTER_S = 10;
/** What the reply stream buffers ahead of the client: one page of versions. */
export const STREAM_BUFFER_BYTES = ESSAY_VERSIONS_PAGE_BYTES;

/**
 * The export document, piece by piece: the same JSON as one object would be. The event loop turns between
 * any two reads: PGlite answers in the same thread, so reads chained without a turn would hold it as one.
 */
async function* exportDocument(
  db: Kysely<Database>, data: StudentData, uid: string, exportedAt: Date, versionsFrom: number,
): AsyncGenerator<string> {
  yield `{"uid":${JSON.stringify(uid)},"exportedAt":${JSON.stringify(exportedAt.toISOString())},"tables":{`;
  let table = 0;
  for (const [name, pages] of data.exportSections(db, uid, versionsFrom)) {
    await yieldToLoop();
    yield `${table++ === 0 ? '' : ','}${JSON.stringify(name)}:[`;
    let page = 0;
    for await (const rows of pages()) {
      yield `${page++ === 0 ? '' : ','}${rows.map((row) => JSON.stringify(row)).join(',')}`;
      await yieldToLoop();
    }
    yield ']';
  }
  yield '}}';
}

export const myDataRoutes: FastifyPluginAsyncZod<MyDataRoutesOptions> = async (app, { db, clock, data }) => {
  /** The browsers whose export this instance is writing. */
  const exporting = new Set<string>();

  // The answer is a stream, not serialised from a schema: the client checks it with myDataExportSchema.
  app.get(PATH, { config: { budget: EXPORT_BUDGET } }, async (request, reply) => {
    const uid = request.requireUid();
    if (exporting.has(uid)) {
      return reply.code(429).header('retry-after', String(EXPORT_RETRY_AFTER_S)).send({
        error: 'Your data is already being downloaded. Please wait until that download has finished.', code: 'export_in_progress',
      });
    }
    exporting.add(uid);
    // The reply closes once written in full, or when the client goes away: either frees the browser's turn.
    reply.raw.once('close', () => exporting.delete(uid));
    // Read before the first byte, like the check: a failure here is still an ordinary JSON error.
    let versionsFrom: number;
    try {
      versionsFrom = (await findTombstone(db, uid))?.versionsRevision ?? 0;
      await checkExportReadable(db, data, uid);
    } catch (error) {
      exporting.delete(uid);
      throw error;
    }
    const body = Readable.from(exportDocument(db, data, uid, clock(), versionsFrom), { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="essay-studio-my-data.json"')
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.delete(PATH, {
    config: { budget: ERASE_BUDGET },
    schema: { body: deleteMyDataRequestSchema, response: { 200: myDataDeletedSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    await eraseStudentData(db, data, uid, clock());
    // Every other device is signed out; this one goes on as the same student (their plan stays).
    await signOutOtherDevices(db, uid, request.deviceId, clock());
    return { deleted: true as const, kept: KEPT_AFTER_DELETION };
  });
};

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases, every hour, the data of browsers idle longer than the retention period, and expires tombstones as
 * old; with a period of 0 (keep everything) it only drops the keyed writes' answers older than a day. Stopping
 * waits for a purge under way.
 */
export function startRetentionPurge(
  options: MyDataRoutesOptions & { retentionDays: number; log: { error(details: object, message: string): void } },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  // Where the walk through the browsers goes on from (this instance's own; a restart starts it over).
  let cursor = '';
  const timer = setInterval(() => {
    const now = options.clock();
    if (options.retentionDays === 0) {
      running = purgeExpiredWrites(options.db, now).catch((error: unknown) => options.log.error({ err: error }, 'purge of keyed writes failed'));
      return;
    }
    running = purgeIdleStudents(options.db, options.data, new Date(now.getTime() - options.retentionDays * DAY_MS), now, cursor)
      .then((run) => { if (run) cursor = run.cursor; })
      .catch((error: unknown) => options.log.error({ err: error }, 'retention purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
