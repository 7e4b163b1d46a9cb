// The path gate: the one place a request whose path is not written canonically is answered
// (http/canonicalPath.ts says what canonical is; http/requestPath.ts judged it before routing). Registered
// before every other plugin, so its hook runs first: no other hook, no route and no budget sees such a request.
// - the API and `/metrics` (and a target that is no path): 404 `non_canonical_path`, naming the path to call;
// - a page or a file: 308 to the canonical path, query string kept, so an old or hand-typed link still opens;
// - a percent-encoded slash or backslash anywhere: 400 `encoded_slash`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../http/apiPath.ts';
import { HttpError } from '../http/errors.ts';
import { pathVerdict } from '../http/requestPath.ts';

const answersJson = (path: string): boolean => isApiPath(path) || path === '/metrics' || path.startsWith('/metrics/');

/**
 * Answers a refused path, or returns undefined when the path is canonical. Every refusal, the redirect too, is
 * counted apart per network (plugins/refusals.ts), never against the API allowance students spend.
 */
async function refusePath(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const verdict = pathVerdict(request);
  switch (verdict.kind) {
    case 'canonical':
      return undefined;
    case 'encoded_slash':
      return request.refuse('non_canonical_path', new HttpError(400, 'encoded_slash', 'This address contains an encoded slash (%2F or %5C), which is not allowed.'));
    case 'non_canonical':
      if (!answersJson(verdict.path)) {
        await request.refuse('non_canonical_path', REDIRECTED).catch((error: unknown) => {
          if (error !== REDIRECTED) throw error;
        });
        return reply.redirect(`${verdict.path}${verdict.query}`, 308);
      }
      return request.refuse('non_canonical_path', new HttpError(404, 'non_canonical_path', `This address is not written the way the server reads it: call ${verdict.path} instead.`));
    case 'not_a_path':
      return request.refuse('non_canonical_path', new HttpError(404, 'non_canonical_path', 'This request names no path.'));
  }
}

/** What a redirected page's refusal throws when its network is within its count: the redirect is answered instead. */
const REDIRECTED = new HttpError(308, 'non_canonical_path', 'Redirected to the canonical path.');

async function pathGate(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => refusePath(request, reply));
}

export default fp(pathGate, { name: 'path-gate', dependencies: ['refusals'] });
