// Anonymous sessions and the plan: POST/DELETE /api/session and GET /api/whoami.
// An `idToken` (the Firebase backend's token exchange) is accepted by the contract but answered with 501
// until the Firebase issue configures it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, sessionRequestSchema, sessionResponseSchema, whoamiResponseSchema } from '../../shared/contract.ts';
import type { PlanReader } from '../db/planReader.ts';
import { HttpError } from '../errors.ts';
import { clearSessionCookie, newUid, readSessionUid, setSessionCookie } from '../session.ts';

export interface SessionRoutesOptions {
  readPlan: PlanReader;
  secureCookies: boolean;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { readPlan, secureCookies }) => {
  app.post('/api/session', {
    schema: { body: sessionRequestSchema, response: { 200: sessionResponseSchema, 501: errorBodySchema } },
  }, async (request, reply) => {
    if (request.body?.idToken !== undefined) {
      throw new HttpError(501, 'firebase_not_configured', 'Signing in with a Firebase ID token is not configured on this server.');
    }
    const uid = readSessionUid(request) ?? newUid();
    setSessionCookie(reply, uid, secureCookies);
    return { uid };
  });

  app.delete('/api/session', async (_request, reply) => {
    clearSessionCookie(reply, secureCookies);
    return reply.code(204).send();
  });

  app.get('/api/whoami', { schema: { response: { 200: whoamiResponseSchema } } }, async (request) => {
    const uid = readSessionUid(request);
    const plan = uid === null ? undefined : await readPlan(uid);
    return { plan: plan ?? 'free' };
  });
};
