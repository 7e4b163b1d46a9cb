// What every API answer shares however its URL was spelled: `Cache-Control: no-store` (answers depend on the
// caller's cookie and the database), and a 400 for a percent-encoded slash in the path, which no route takes
// and which proxies and routers disagree about.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasEncodedSlash, isApiRequest } from '../http/apiPath.ts';
import { HttpError } from '../http/errors.ts';

async function apiRequests(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (hasEncodedSlash(request.url)) {
      throw new HttpError(400, 'encoded_slash', 'This address contains an encoded slash (%2F or %5C), which is not allowed.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(apiRequests, { name: 'api-requests' });
