// Anonymous sessions and the plan: POST/DELETE /api/session and GET /api/whoami.
// With Firebase configured (`idTokens`), POST exchanges a fresh ID token for a cookie carrying its uid and
// nothing else starts a session; without it, an `idToken` is answered with 501.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, sessionRequestSchema, sessionResponseSchema, whoamiResponseSchema } from '../../common/contract/contract.ts';
import type { PlanReader } from '../db/planReader.ts';
import type { IdTokenVerifier } from '../session/firebaseIdTokens.ts';
import { HttpError } from '../http/errors.ts';
import { apiRate, loopCpu, type RouteBudget, storesNothing } from '../limits/budgets.ts';

export interface SessionRoutesOptions {
  readPlan: PlanReader;
  /** The Firebase backend's token exchange; undefined keeps the anonymous cookie sessions. */
  idTokens?: IdTokenVerifier;
}

const START: RouteBudget = {
  body: 'contract',
  rate: apiRate(30),
  storage: storesNothing('a session is a signed cookie; the new ones a network starts are bounded by SESSION_LIMIT_PER_IP'),
  use: 'the app starting or renewing its session as a tab opens or reconnects',
  cpu: loopCpu(8, 'a new session'),
};
const END: RouteBudget = {
  body: 0, rate: apiRate(10), storage: storesNothing('removes the cookie'), use: 'signing out', cpu: loopCpu(8, 'no input'),
};
const WHOAMI: RouteBudget = {
  body: 0, rate: apiRate(60), storage: storesNothing('reads the plan'), use: 'the plan, read at start, on focus and after a purchase',
  cpu: loopCpu(12, 'no input: the plan read'),
};

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { readPlan, idTokens }) => {
  app.post('/api/session', {
    config: { budget: START },
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

  app.delete('/api/session', { config: { budget: END } }, async (_request, reply) => {
    app.clearSession(reply);
    return reply.code(204).send();
  });

  app.get('/api/whoami', { config: { budget: WHOAMI }, schema: { response: { 200: whoamiResponseSchema } } }, async (request) => {
    const uid = request.uid;
    const plan = uid === null ? undefined : await readPlan(uid);
    return { plan: plan ?? 'free' };
  });
};
