// What every API answer shares however its URL was spelled (refusals of a roundabout spelling included):
// `Cache-Control: no-store`, since answers depend on the caller's cookie and the database.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../http/apiPath.ts';

async function apiRequests(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(apiRequests, { name: 'api-requests' });
