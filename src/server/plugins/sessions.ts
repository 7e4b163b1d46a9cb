// The one way a route learns who is calling, and the one way a session starts or ends. Each browser (a
// device) has its own session (src/server/session/): its cookie's secret is looked up once per request to a
// route (never for a static file), before the secrets and the rates count the browser.
// - `request.uid`: the uid of the caller's live session, or null. Routes never trust a user id sent in a
//   request body or query.
// - `request.deviceId`: that session's public id, or null.
// - `request.requireUid()`: that uid, or 401 `not_authenticated` 'User not authenticated', the same code and
//   words on every route.
// - A cookie whose session was signed out (or ended idle) gets 401 `signed_out` on every API route, with the
//   cookie removed: the browser then erases its copy and starts as a new visitor.
// - A cookie from before per-device sessions (the signed uid) is exchanged on its first request for the
//   cookie of the student's one "Earlier sessions" device, unless that one was signed out.
// - `app.ensureSession(request, reply)`: the caller's uid; a browser that has none gets a fresh uid and
//   session, counted against its network's new-session budget (so no route mints sessions around that limit).
// - `app.startSession(request, reply, uid)`: a new device session for a uid proven another way (Firebase).
// - `app.endSession(request, reply)`: ends this device's session and removes the cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../common/contract/messages.ts';
import type { Database } from '../db/schema.ts';
import { isApiRequest } from '../http/apiPath.ts';
import { HttpError } from '../http/errors.ts';
import { deviceLabel } from '../session/deviceLabel.ts';
import {
  createDeviceSession, type DeviceSession, exchangeEarlierSession, openDeviceSession, signOutDevice,
} from '../session/deviceSessions.ts';
import {
  clearSessionCookie, earlierSessionSecret, newSessionSecret, newUid, readSessionCookie, type SessionCookie, setSessionCookie,
} from '../session/session.ts';
import type { SessionBudget } from '../session/sessionBudget.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uid of the caller's live session, or null. */
    readonly uid: string | null;
    /** The public id of the caller's live session, or null. */
    readonly deviceId: string | null;
    /** The session's uid, or 401 not_authenticated. */
    requireUid(): string;
  }
  interface FastifyInstance {
    /**
     * The caller's uid; a browser without a session gets a new one (within its network's budget) and its cookie.
     * `renew` also re-sets an existing session's cookie, so its 400 days start again.
     */
    ensureSession(request: FastifyRequest, reply: FastifyReply, options?: { renew?: boolean }): Promise<string>;
    /** A new device session for `uid` (proven by the caller), replacing the browser's own. */
    startSession(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<void>;
    /** Signs this device out: its session ends and its cookie is removed. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export interface SessionsOptions {
  db: Kysely<Database>;
  clock: () => Date;
  budget: SessionBudget;
  /** Signs the cookies, and derives the one secret a student's cookies from before are exchanged for. */
  cookieSecret: string;
  /** The server's public address: cookies are Secure when it is https. */
  publicUrl: string;
}

/** A client may name a user id (the referral calls send one) but never someone else's. */
export function assertSameUser(uid: string, claimed: string | undefined): void {
  if (claimed !== undefined && claimed !== '' && claimed !== uid) {
    throw new HttpError(403, 'forbidden', 'That user id is not the one signed in on this browser.');
  }
}

interface Resolved extends DeviceSession {
  /** The cookie's secret, to renew the cookie with. */
  secret: string;
}

const SESSION = Symbol('deviceSession');
type WithSession = FastifyRequest & { [SESSION]?: Resolved | null };

/** The static files' catch-all, or no route at all. */
const isStaticFile = (request: FastifyRequest): boolean => {
  const route = request.routeOptions.url;
  return route === undefined || route === '/*' || route === '*';
};

const resolvedOf = (request: FastifyRequest): Resolved | null => (request as WithSession)[SESSION] ?? null;

async function sessions(app: FastifyInstance, options: SessionsOptions): Promise<void> {
  const { db, clock, budget, cookieSecret } = options;
  const secure = options.publicUrl.startsWith('https:');

  app.decorateRequest('uid', {
    getter(this: FastifyRequest): string | null {
      return resolvedOf(this)?.uid ?? null;
    },
  });
  app.decorateRequest('deviceId', {
    getter(this: FastifyRequest): string | null {
      return resolvedOf(this)?.id ?? null;
    },
  });
  app.decorateRequest('requireUid', function requireUid(this: FastifyRequest): string {
    const uid = this.uid;
    if (uid === null) throw new HttpError(401, 'not_authenticated', MESSAGES.notAuthenticated);
    return uid;
  });

  const open = async (cookie: SessionCookie, reply: FastifyReply): Promise<Resolved | undefined> => {
    if (cookie.kind === 'device') {
      const session = await openDeviceSession(db, cookie.secret, clock());
      return session && { ...session, secret: cookie.secret };
    }
    const secret = earlierSessionSecret(cookieSecret, cookie.uid);
    const session = await exchangeEarlierSession(db, cookie.uid, secret, clock());
    if (session === undefined) return undefined;
    setSessionCookie(reply, secret, secure);
    return { ...session, secret };
  };

  // The static files never pay for the lookup. A page of the server's own (the local checkout) treats a
  // signed-out cookie as no session; an API call is told, so the app erases its copy.
  app.addHook('onRequest', async (request, reply) => {
    const api = isApiRequest(request);
    if (!api && isStaticFile(request)) return;
    const cookie = readSessionCookie(request);
    if (cookie === null) return;
    const session = await open(cookie, reply);
    if (session === undefined) {
      clearSessionCookie(reply, secure);
      if (api) throw new HttpError(401, 'signed_out', MESSAGES.signedOut);
      return;
    }
    (request as WithSession)[SESSION] = session;
  });

  const begin = async (request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Resolved> => {
    const secret = newSessionSecret();
    const session = await createDeviceSession(db, { uid, secret, label: deviceLabel(request.headers['user-agent']), at: clock() });
    setSessionCookie(reply, secret, secure);
    const resolved = { ...session, secret };
    (request as WithSession)[SESSION] = resolved;
    return resolved;
  };

  app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply, ensure?: { renew?: boolean }): Promise<string> => {
    const existing = resolvedOf(request);
    if (existing !== null) {
      if (ensure?.renew === true) setSessionCookie(reply, existing.secret, secure);
      return existing.uid;
    }
    await budget.admitNew(request.ip);
    return (await begin(request, reply, newUid())).uid;
  });
  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, uid: string): Promise<void> => {
    const existing = resolvedOf(request);
    if (existing?.uid === uid) {
      setSessionCookie(reply, existing.secret, secure);
      return;
    }
    if (existing !== null) await signOutDevice(db, existing.uid, existing.id, clock());
    await begin(request, reply, uid);
  });
  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const existing = resolvedOf(request);
    if (existing !== null) await signOutDevice(db, existing.uid, existing.id, clock());
    (request as WithSession)[SESSION] = null;
    clearSessionCookie(reply, secure);
  });
}

export default fp(sessions, { name: 'sessions' });
