// How a JSON request body is read, before any route sees it:
// - a route's body limit is declared in its budget; 'contract' is the largest body its contract schema allows
//   (schemaBodyLimit: small calls get small limits, the AI calls, which carry the whole form, stay large), never
//   above the server's BODY_LIMIT_BYTES (set by the route-budgets plugin as the route is registered);
// - a body nested deeper than any contract shape is refused before it is parsed (400);
// - an empty body labelled application/json is "no body", and the route's schema decides;
// - text the database cannot store (NUL, half an emoji) is refused with a 400 naming the field, or, on routes
//   that carry the student's form document (`config.repairText`), repaired to U+FFFD: devices already hold
//   such documents, and refusing them would strand the student's answers. A route that carries the document
//   beside text of its own (`config.repairTextIn: ['formData']`) repairs those fields only, and refuses the rest.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { FORM_DOCUMENT_MAX_BYTES } from '../../common/limits/limits.ts';
import { formDocumentSchema } from '../../common/questionnaire/formDocument.ts';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../body/jsonDepth.ts';
import { maxJsonBytes } from '../body/schemaSize.ts';
import { describePath, findBrokenText, repairBrokenText } from '../body/textHygiene.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Repair NUL and lone surrogates in the body to U+FFFD instead of refusing the request. */
    repairText?: boolean;
    /** Repair them in these top-level fields of the body only; anywhere else they are refused. */
    repairTextIn?: readonly string[];
  }
}

/** Room for a client's spacing and key order on top of the schema's largest compact body. */
const SLACK_BYTES = 1024;
/** The form document is measured by its own stored limit (with the room its route gives for escapes). */
const KNOWN_SIZES = new Map<z.core.$ZodType, number>([[formDocumentSchema, FORM_DOCUMENT_MAX_BYTES * 2]]);

/** The body limit a route gets from its schema; undefined leaves the server's default. */
export function schemaBodyLimit(body: unknown, ceilingBytes: number): number | undefined {
  if (body === undefined || body === null || typeof body !== 'object' || !('_zod' in body)) return undefined;
  const largest = maxJsonBytes(body as z.core.$ZodType, KNOWN_SIZES);
  return Number.isFinite(largest) ? Math.min(ceilingBytes, largest + SLACK_BYTES) : undefined;
}

type ParseJson = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type Done = NonNullable<Parameters<ParseJson>[2]>;

/** The JSON reader every JSON body goes through (routes that accept another content type use it too). */
export function readJsonBody(parseJson: ParseJson) {
  return (request: FastifyRequest, body: string | Buffer, done: Done): void => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new HttpError(400, 'too_deeply_nested', `The request body nests objects or lists more than ${JSON_MAX_DEPTH} levels deep; no request needs that.`), undefined);
      return;
    }
    parseJson(request, text, done);
  };
}

async function jsonBody(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, readJsonBody(parseJson));

  app.addHook('preValidation', async (request) => {
    // A body kept as bytes (the signed webhook's) is not text to check: walked as an object, each of its bytes
    // is a key, and a megabyte held the loop 400 ms.
    if (request.body === undefined || request.body === null || Buffer.isBuffer(request.body)) return;
    const { repairText, repairTextIn } = request.routeOptions.config;
    if (repairText) {
      request.body = repairBrokenText(request.body);
      return;
    }
    if (repairTextIn && typeof request.body === 'object' && !Array.isArray(request.body)) {
      const body = { ...(request.body as Record<string, unknown>) };
      for (const field of repairTextIn) if (Object.hasOwn(body, field)) body[field] = repairBrokenText(body[field]);
      request.body = body;
    }
    const path = findBrokenText(request.body);
    if (path !== null) {
      throw new HttpError(400, 'invalid_text', `${describePath('body', path)}: contains a character that cannot be stored (a NUL character or half of an emoji).`);
    }
  });
}

export default fp(jsonBody, { name: 'json-body' });
