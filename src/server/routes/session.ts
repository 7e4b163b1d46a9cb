// Anonymous sessions and the plan: POST/DELETE /api/session and GET /api/whoami.
// With Firebase configured (`idTokens`), POST exchanges a fresh ID token for a device session of its uid and
// nothing else starts a session; without it, an `idToken` is answered with 501. DELETE signs this device out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, sessionRequestSchema, sessionResponseSchema, whoamiResponseSchema } from '../../common/contract/contract.ts';
import type { PlanReader } from '../db/planReader.ts';
import type { IdTokenVerifier } from '../session/firebaseIdTokens.ts';
import { HttpError } from '../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget, storesNothing } from '../limits/budgets.ts';

export interface SessionRoutesOptions {
  readPlan: PlanReader;
  /** The Firebase backend's token exchange; undefined keeps the anonymous cookie sessions. */
  idTokens?: IdTokenVerifier;
}

const START: RouteBudget = {
  body: 'contract',
  rate: apiRate(30),
  storage: storesNothing('no student data; a new visitor\'s device session row (under 400 bytes), the new visitors of a network bounded by SESSION_LIMIT_PER_IP'),
  use: 'the app starting or renewing its session as a tab opens or reconnects',
  cpu: loopCpu(8, 'a new session'),
};
const END = noBodyBudget(apiRate(10), 'ends this device\'s session and removes the cookie', 'signing out of this device',
  loopCpu(8, 'no input: this device\'s session row deleted'));
const WHOAMI = noBodyBudget(apiRate(60), 'reads the plan', 'the plan, read at start, on focus and after a purchase',
  loopCpu(12, 'no input: the plan read'));

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
      await app.startSession(request, reply, uid);
      return { uid };
    }
    if (request.body?.idToken !== undefined) {
      throw new HttpError(501, 'firebase_not_configured', 'Signing in with a Firebase ID token is not configured on this server.');
    }
    return { uid: await app.ensureSession(request, reply, { renew: true }) };
  });

  app.delete('/api/session', { config: { budget: END } }, async (request, reply) => {
    await app.endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/whoami', { config: { budget: WHOAMI }, schema: { response: { 200: whoamiResponseSchema } } }, async (request) => {
    const uid = request.uid;
    const plan = uid === null ? undefined : await readPlan(uid);
    return { plan: plan ?? 'free' };
  });
};
