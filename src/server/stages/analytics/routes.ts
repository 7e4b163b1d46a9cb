// POST /api/events: the first-party analytics store. Each event is checked on its own, the valid ones are
// stored (rollups included) and the rejected ones named by index, so one bad event never drops a batch. An
// event's time must be plausible (from 2020 to a day ahead): the database cannot hold every time the
// format allows, and the batch is one insert, so a single such event would otherwise cost the good ones.
// The user id is the session cookie's; a browser without one gets a session here, as at POST /api/session.
// navigator.sendBeacon sends text/plain, so that is read as JSON too (this plugin only). The accepted events
// are counted against the daily storage budget before they are stored.
import type { Kysely } from 'kysely';
import type { ZodFastifySchemaValidationError, FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnalyticsEvent } from '../../../common/analytics/analyticsEvents.ts';
import { SERVER_RECORDED_EVENT_NAMES } from '../../../common/analytics/serverRecordedEvents.ts';
import { isPlausibleTime, PLAUSIBLE_TIME_RULE } from '../../../common/time/plausibleTime.ts';
import { analyticsEventSchema, eventsBatchRequestSchema, eventsBatchResponseSchema } from '../../../common/contract/contract.ts';
import { recordEvents } from '../../db/events.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, MIB, type RouteBudget } from '../../limits/budgets.ts';
import { readJsonBody } from '../../plugins/jsonBody.ts';
import { describeValidationErrors } from '../../http/validationMessages.ts';

export interface EventsRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

/** 100 events of a few hundred bytes each, with room to spare. */
const BODY_LIMIT_BYTES = 128 * 1024;

export const EVENTS_BUDGET: RouteBudget = {
  body: BODY_LIMIT_BYTES,
  rate: apiRate(60),
  // A day in the app is a few hundred events (pages, steps, clicks) of a few hundred bytes each.
  storage: { what: 'analytics events', perBrowser: { bytes: MIB, rows: 2000 } },
  use: 'batches sent a few seconds after events happen, and a beacon as a page is left',
  cpu: loopCpu(30, 'a batch of the most events, the body at its limit'),
};

/** The same readable sentence the error handler gives for a bad request body, for one event. */
function describeEventError(error: z.ZodError, index: number): string {
  const issues = error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: '',
    message: issue.message,
    params: { ...issue },
  })) as unknown as ZodFastifySchemaValidationError[];
  return describeValidationErrors(issues, `events[${index}]`);
}

const nameOf = (event: unknown): string | null =>
  typeof event === 'object' && event !== null && typeof (event as { name?: unknown }).name === 'string'
    ? (event as { name: string }).name.slice(0, 64) : null;

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { db, clock }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, readJsonBody(parseJson));

  app.post('/api/events', {
    config: { budget: EVENTS_BUDGET, idempotent: true },
    schema: { body: eventsBatchRequestSchema, response: { 200: eventsBatchResponseSchema } },
  }, async (request, reply) => {
    const accepted: AnalyticsEvent[] = [];
    const rejected: z.infer<typeof eventsBatchResponseSchema>['rejected'] = [];
    const now = clock();
    request.body.events.forEach((event, index) => {
      const parsed = analyticsEventSchema.safeParse(event);
      const name = nameOf(event);
      if (parsed.success && name !== null && SERVER_RECORDED_EVENT_NAMES.has(name)) {
        rejected.push({ index, name, error: `events[${index}]: ${name} is recorded by the server from the payment itself.` });
      } else if (parsed.success && !isPlausibleTime((parsed.data as AnalyticsEvent).timestamp, now)) {
        rejected.push({ index, name, error: `events[${index}].timestamp: ${PLAUSIBLE_TIME_RULE}.` });
      } else if (parsed.success) accepted.push(parsed.data as AnalyticsEvent);
      else rejected.push({ index, name: nameOf(event), error: describeEventError(parsed.error, index) });
    });
    if (accepted.length === 0) {
      throw new HttpError(400, 'invalid_events', `No event in the batch is valid: ${rejected.slice(0, 3).map((r) => r.error).join('; ')}`);
    }
    const uid = await app.ensureSession(request, reply);
    await request.spendStorage({ bytes: Buffer.byteLength(JSON.stringify(accepted), 'utf8'), rows: accepted.length }, uid);
    await recordEvents(db, uid, accepted, now);
    return { accepted: accepted.length, rejected };
  });
};
