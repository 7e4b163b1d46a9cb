// The student's own data: GET /api/my-data downloads, as one JSON file, everything the server holds for the
// session's uid; DELETE /api/my-data (body {"confirm": true}) erases it, keeping only the payment records the
// law requires (see src/server/db/studentData.ts). Both act on the cookie's uid only; DELETE, like every
// state-changing call, passes the Origin check.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMyDataRequestSchema, errorBodySchema, myDataDeletedSchema, myDataExportSchema } from '../../common/contract.ts';
import type { Database } from '../db/schema.ts';
import { collectStudentData, eraseStudentData, purgeIdleStudents } from '../db/studentData.ts';

export interface MyDataRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PATH = '/api/my-data';
const KEPT_AFTER_DELETION = [
  'Your plan and the record of any payment (amount, date, discount applied), as the law requires for a receipt; they hold no answers and no e-mail address.',
];

export const myDataRoutes: FastifyPluginAsyncZod<MyDataRoutesOptions> = async (app, { db, clock }) => {
  app.get(PATH, { config: { budget: { body: 0, rate: { windowMs: 60_000, perBrowser: 10, perNetwork: null, apiAllowance: true }, storage: { none: 'reads the student\'s data' }, use: '"Download my data", now and then' } }, schema: { response: { 200: myDataExportSchema, 401: errorBodySchema } } }, async (request, reply) => {
    const uid = request.requireUid();
    void reply.header('content-disposition', 'attachment; filename="essay-studio-my-data.json"').header('cache-control', 'no-store');
    return { uid, exportedAt: clock().toISOString(), tables: await collectStudentData(db, uid) };
  });

  app.delete(PATH, {
    config: { budget: { body: 'contract', rate: { windowMs: 60_000, perBrowser: 5, perNetwork: null, apiAllowance: true }, storage: { none: 'erases the student\'s data' }, use: '"Delete my data", once' } },
    schema: { body: deleteMyDataRequestSchema, response: { 200: myDataDeletedSchema, 401: errorBodySchema } },
  }, async (request) => {
    await eraseStudentData(db, request.requireUid(), clock());
    return { deleted: true as const, kept: KEPT_AFTER_DELETION };
  });
};

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases, every hour, the data of browsers idle longer than the retention period (none when it is 0).
 * Stopping waits for a purge under way.
 */
export function startRetentionPurge(
  options: MyDataRoutesOptions & { retentionDays: number; log: { error(details: object, message: string): void } },
): () => Promise<void> {
  if (options.retentionDays === 0) return async () => undefined;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const now = options.clock();
    running = purgeIdleStudents(options.db, new Date(now.getTime() - options.retentionDays * DAY_MS), now)
      .catch((error: unknown) => options.log.error({ err: error }, 'retention purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
