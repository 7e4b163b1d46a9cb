// Writes a device may send again (a route declares `config: { idempotent: true }`): the questionnaire, essay
// versions, analytics batches. A request with an `Idempotency-Key` header (a UUID the device makes for one
// logical write and sends again with each retry of it) runs its route in one transaction with the record of
// its answer (db/oneTransaction.ts, db/idempotentWrites.ts): the write and its answer commit together or not
// at all. The same key sent again by the same browser, with the same route and body, is answered the recorded
// status and body without running the route (so the write is applied once, and a device whose answer was lost
// never meets its own write as someone else's conflict); with another route or body, 422. Only a success is
// recorded: a refusal (a 4xx, an error) rolls back and is decided afresh when the key comes again. A request
// without the header, or without a session yet, is handled as it always was; a header that is not one UUID is
// a 400.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { idempotencyKeySchema } from '../../common/contract/contract.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../common/contract/idempotencyKeyHeader.ts';
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

/** The request's key, lower-cased; undefined without the header. Sent twice, Node joins the values: a 400 too. */
function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be one UUID, made by the device for this write.');
  }
  return parsed.data.toLowerCase();
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
