// Writes a device may send again (a route declares `config: { idempotent: true }`): the questionnaire, essay
// versions, analytics batches. A request with an `Idempotency-Key` header (a UUID the device makes for one
// logical write and sends again with each retry of it) runs its route in one transaction with the record of
// its answer (db/oneTransaction.ts, db/idempotentWrites.ts): the write and its answer commit together or not
// at all. The same key sent again by the same browser, with the same route and body, is answered the recorded
// status and body without running the route (so the write is applied once, and a device whose answer was lost
// never meets its own write as someone else's conflict); with another route or body, 422. Only a success is
// recorded: a refusal (a 4xx, an error) rolls back and is decided afresh when the key comes again. A request
// without the header, or without a session yet, is handled as it always was; a header that is not one UUID is
// a 400. navigator.sendBeacon cannot set a header, so the key may come as the `idempotencyKey` query parameter
// instead (the same rules; both at once must agree).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { idempotencyKeySchema } from '../../common/contract/contract.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PARAM } from '../../common/contract/idempotencyKeyHeader.ts';
import { claimKey, dropClaim, findRecordedWrite, type KeyedWrite, recordAnswer } from '../db/idempotentWrites.ts';
import { inOneTransaction } from '../db/oneTransaction.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write a device may send again with an Idempotency-Key: applied once, and answered the same each time. */
    idempotent?: boolean;
  }
}

/** Set on an answer given from the record of an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface IdempotencyOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const INVALID_KEY = 'The Idempotency-Key must be one UUID, made by the device for this write.';

/** A key as sent, lower-cased; a value that is not one UUID (a header sent twice, which Node joins) is a 400. */
function parseKey(value: unknown): string {
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid_idempotency_key', INVALID_KEY);
  return parsed.data.toLowerCase();
}

/** The request's key, from the header or else the query string (a beacon's); undefined without either. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[KEY_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.[IDEMPOTENCY_KEY_PARAM];
  const fromHeader = header === undefined ? undefined : parseKey(header);
  const fromQuery = query === undefined ? undefined : parseKey(query);
  if (fromHeader !== undefined && fromQuery !== undefined && fromHeader !== fromQuery) {
    throw new HttpError(400, 'invalid_idempotency_key', 'The Idempotency-Key header and the idempotencyKey parameter must be the same key.');
  }
  return fromHeader ?? fromQuery;
}

const hashOf = (body: unknown): string => createHash('sha256').update(JSON.stringify(body ?? null)).digest('base64url');

type Outcome = { replay: true } | { replay: false; value: unknown };

function gate(handler: RouteHandlerMethod, { db, clock }: IdempotencyOptions): RouteHandlerMethod {
  return async function idempotentHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const key = keyOf(request);
    const uid = request.uid;
    if (key === undefined || uid === null) return handler.call(this, request, reply);
    const write: KeyedWrite = { uid, key, route: `${request.method} ${request.routeOptions.url ?? ''}`, requestHash: hashOf(request.body) };
    const outcome = await inOneTransaction<Outcome, Database>(db, async (trx) => {
      if (!(await claimKey(trx, write, clock()))) return { replay: true };
      const value: unknown = await handler.call(this, request, reply);
      // The route sent its own answer (a conflict with its body), or answered a refusal: nothing to record.
      if (reply.sent || reply.statusCode < 200 || reply.statusCode >= 300) await dropClaim(trx, write);
      else await recordAnswer(trx, write, reply.statusCode, value);
      return { replay: false, value };
    });
    if (!outcome.replay) return outcome.value;
    const recorded = await findRecordedWrite(db, uid, key);
    if (recorded?.status == null) {
      // Gone between the two statements (the student's data erased, or the record a day old): decided afresh.
      throw HttpError.retryLater('idempotency_key_busy', 'This save is still being answered. Please try again in a moment.', 1, 503);
    }
    if (recorded.route !== write.route || recorded.requestHash !== write.requestHash) {
      throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was sent with another request: each write needs a key of its own.');
    }
    reply.code(recorded.status).header(REPLAYED_HEADER, 'true');
    return recorded.response;
  };
}

async function idempotency(app: FastifyInstance, options: IdempotencyOptions): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.idempotent !== true) return;
    const methods = [route.method].flat();
    if (!methods.every((method) => WRITE_METHODS.has(method))) {
      throw new Error(`${methods.join('|')} ${route.url} is declared idempotent: only a write (POST, PUT, PATCH, DELETE) takes an Idempotency-Key`);
    }
    route.handler = gate(route.handler, options);
  });
}

export default fp(idempotency, { name: 'idempotency' });
