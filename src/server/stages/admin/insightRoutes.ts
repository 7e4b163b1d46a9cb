// The operator's dashboard data, behind the admin token like the support calls (each route declares it): GET /api/admin/funnel,
// trends, revenue, usage, feedback, support, and the CSV exports of feedback and events.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminExportQuerySchema, adminFeedbackQuerySchema, adminFeedbackResponseSchema, adminFunnelResponseSchema,
  adminRevenueResponseSchema, adminSupportQuerySchema, adminSupportResponseSchema, adminTrendsResponseSchema,
  adminUsageResponseSchema,
} from '../../../common/contract/contract.ts';
import { csvRow } from '../../http/csv.ts';
import { funnel, listFeedback, lookUpSupport, revenue, trends, usage } from './dashboard.ts';
import { EVENT_COLUMNS, eventRows, FEEDBACK_COLUMNS, feedbackRows } from './csvExports.ts';
import type { Database } from '../../db/schema.ts';
import { apiRate, loopCpu, noBodyBudget } from '../../limits/budgets.ts';

export interface AdminInsightsOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

async function* csv(header: readonly string[], rows: AsyncGenerator<unknown[]>): AsyncGenerator<string> {
  yield csvRow(header);
  for await (const row of rows) yield csvRow(row);
}

function sendCsv(reply: FastifyReply, filename: string, body: AsyncGenerator<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    // Streamed row by row: a large export never sits in memory.
    .send(Readable.from(body));
}

/** Every dashboard read, behind the admin token (whose wrong guesses are counted apart by the secret gate). */
const DASHBOARD = noBodyBudget(apiRate(60), 'reads the rollups and exports',
  'the operator\'s dashboard loading its panels and exports',
  loopCpu(300, 'the rollups of a million events (test/bench/admin.ts); PGlite\'s queries run on the loop'));
const config = { budget: DASHBOARD, secret: 'admin-token' } as const;

export const adminInsightsRoutes: FastifyPluginAsyncZod<AdminInsightsOptions> = async (app, { db, clock }) => {
  app.get('/api/admin/funnel', { config, schema: { response: { 200: adminFunnelResponseSchema } } },
    async () => ({ steps: await funnel(db) }));
  app.get('/api/admin/trends', { config, schema: { response: { 200: adminTrendsResponseSchema } } },
    async () => ({ days: await trends(db, clock()) }));
  app.get('/api/admin/revenue', { config, schema: { response: { 200: adminRevenueResponseSchema } } },
    async () => revenue(db));
  app.get('/api/admin/usage', { config, schema: { response: { 200: adminUsageResponseSchema } } },
    async () => ({ counts: await usage(db) }));
  app.get('/api/admin/feedback', {
    config,
    schema: { querystring: adminFeedbackQuerySchema, response: { 200: adminFeedbackResponseSchema } },
  }, async (request) => ({ items: await listFeedback(db, request.query) }));
  app.get('/api/admin/support', {
    config,
    schema: { querystring: adminSupportQuerySchema, response: { 200: adminSupportResponseSchema } },
  }, async (request) => lookUpSupport(db, request.query.q));

  app.get('/api/admin/export/feedback.csv', { config }, async (_request, reply) =>
    sendCsv(reply, 'feedback.csv', csv(FEEDBACK_COLUMNS, feedbackRows(db))));
  app.get('/api/admin/export/events.csv', { config, schema: { querystring: adminExportQuerySchema } }, async (request, reply) => {
    const since = new Date(clock().getTime() - request.query.days * 86_400_000);
    return sendCsv(reply, 'events.csv', csv(EVENT_COLUMNS, eventRows(db, since)));
  });
};
