// Anonymous sessions and the plan: POST/DELETE /api/session and GET /api/whoami.
// With Firebase configured (`idTokens`), POST exchanges a fresh ID token for a cookie carrying its uid and
// nothing else starts a session; without it, an `idToken` is answered with 501.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, sessionRequestSchema, sessionResponseSchema, whoamiResponseSchema } from '../../common/contract.ts';
import type { PlanReader } from '../db/planReader.ts';
import type { IdTokenVerifier } from '../firebaseIdTokens.ts';
import { HttpError } from '../errors.ts';

export interface SessionRoutesOptions {
  readPlan: PlanReader;
  /** The Firebase backend's token exchange; undefined keeps the anonymous cookie sessions. */
  idTokens?: IdTokenVerifier;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { readPlan, idTokens }) => {
  app.post('/api/session', {
    schema: { body: sessionRequestSchema, response: { 200: sessionResponseSchema, 401: errorBodySchema, 429: errorBodySchema, 501: errorBodySchema, 502: errorBodySchema } },
  }, async (request, reply) => {
    if (idTokens !== undefined) {
      const idToken = request.body?.idToken;
      if (idToken === undefined) {
        throw new HttpError(401, 'id_token_required', 'This server signs you in with Firebase: send a fresh ID token as idToken.');
      }
      const uid = await idTokens.verify(idToken);
      app.setSession(reply, uid);
      return { uid };
    }
    if (request.body?.idToken !== undefined) {
      throw new HttpError(501, 'firebase_not_configured', 'Signing in with a Firebase ID token is not configured on this server.');
    }
    return { uid: await app.ensureSession(request, reply, { renew: true }) };
  });

  app.delete('/api/session', async (_request, reply) => {
    app.clearSession(reply);
    return reply.code(204).send();
  });

  app.get('/api/whoami', { schema: { response: { 200: whoamiResponseSchema } } }, async (request) => {
    const uid = request.uid;
    const plan = uid === null ? undefined : await readPlan(uid);
    return { plan: plan ?? 'free' };
  });
};
