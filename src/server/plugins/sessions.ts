// The one way a route learns who is calling, and the one way a session starts or ends.
// - `request.uid`: the uid of the validly signed session cookie, or null. Routes never trust a user id sent
//   in a request body or query.
// - `request.requireUid()`: that uid, or 401 `not_authenticated` 'User not authenticated', the same code and
//   words on every route.
// - `app.ensureSession(request, reply)`: the caller's uid; a browser that has none gets a fresh uid, counted
//   against its network's new-session budget (so no route mints sessions around that limit), and the cookie.
// - `app.setSession(reply, uid)` / `app.clearSession(reply)`: the cookie itself, Secure exactly when the
//   public URL is https.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../common/contract/messages.ts';
import { HttpError } from '../http/errors.ts';
import { clearSessionCookie, newUid, readSessionUid, setSessionCookie } from '../session/session.ts';
import type { SessionBudget } from '../session/sessionBudget.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uid of the signed session cookie, or null (no cookie, tampered, or not a uid). */
    readonly uid: string | null;
    /** The session's uid, or 401 not_authenticated. */
    requireUid(): string;
  }
  interface FastifyInstance {
    /**
     * The caller's uid; a browser without a session gets a new one (within its network's budget) and its cookie.
     * `renew` also re-sets an existing session's cookie, so its 400 days start again.
     */
    ensureSession(request: FastifyRequest, reply: FastifyReply, options?: { renew?: boolean }): Promise<string>;
    /** Sets the signed session cookie for `uid`. */
    setSession(reply: FastifyReply, uid: string): void;
    /** Removes the session cookie. */
    clearSession(reply: FastifyReply): void;
  }
}

export interface SessionsOptions {
  budget: SessionBudget;
  /** The server's public address: cookies are Secure when it is https. */
  publicUrl: string;
}

/** A client may name a user id (the referral calls send one) but never someone else's. */
export function assertSameUser(uid: string, claimed: string | undefined): void {
  if (claimed !== undefined && claimed !== '' && claimed !== uid) {
    throw new HttpError(403, 'forbidden', 'That user id is not the one signed in on this browser.');
  }
}

// The cookie is verified once per request, on first use: requests that never ask (static files) pay nothing.
const UID = Symbol('sessionUid');
type WithUid = FastifyRequest & { [UID]?: string | null };

async function sessions(app: FastifyInstance, { budget, publicUrl }: SessionsOptions): Promise<void> {
  const secure = publicUrl.startsWith('https:');

  app.decorateRequest('uid', {
    getter(this: FastifyRequest): string | null {
      const request = this as WithUid;
      if (request[UID] === undefined) request[UID] = readSessionUid(request);
      return request[UID];
    },
  });
  app.decorateRequest('requireUid', function requireUid(this: FastifyRequest): string {
    const uid = this.uid;
    if (uid === null) throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    return uid;
  });

  app.decorate('setSession', (reply: FastifyReply, uid: string) => setSessionCookie(reply, uid, secure));
  app.decorate('clearSession', (reply: FastifyReply) => clearSessionCookie(reply, secure));
  app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply, options?: { renew?: boolean }): Promise<string> => {
    const existing = request.uid;
    if (existing !== null) {
      if (options?.renew === true) setSessionCookie(reply, existing, secure);
      return existing;
    }
    await budget.admitNew(request.ip);
    const uid = newUid();
    setSessionCookie(reply, uid, secure);
    return uid;
  });
}

export default fp(sessions, { name: 'sessions' });
