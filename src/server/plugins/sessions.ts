// The one way a route starts an anonymous session: a browser that has none gets a fresh uid, counted against
// its network's new-session budget (so no route mints sessions around that limit), and the signed cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newUid, readSessionUid, setSessionCookie } from '../session.ts';
import type { SessionBudget } from '../sessionBudget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The caller's uid; a browser without a session gets a new one (within its network's budget) and its cookie. */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  }
}

export interface SessionsOptions {
  budget: SessionBudget;
  secureCookies: boolean;
}

async function sessions(app: FastifyInstance, { budget, secureCookies }: SessionsOptions): Promise<void> {
  app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    const existing = readSessionUid(request);
    if (existing !== null) return existing;
    await budget.admitNew(request.ip);
    const uid = newUid();
    setSessionCookie(reply, uid, secureCookies);
    return uid;
  });
}

export default fp(sessions, { name: 'sessions' });
