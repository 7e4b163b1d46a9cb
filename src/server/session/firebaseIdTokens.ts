// The token sync (POST /api/session with a Firebase ID token), server side: a Firebase ID token in, the Firebase uid out, so the session cookie
// carries the same uid as Firestore's `forms/{uid}`. firebase-admin loads on the first token, never at
// start-up, so a server without Firebase configured never pays for it.
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import type { App as AdminApp } from 'firebase-admin/app';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { uidSchema } from '../../common/contract/contract.ts';
import { HttpError } from '../http/errors.ts';
import type { FirebaseServerConfig } from './firebaseConfig.ts';

/** The oldest ID token the token sync accepts, by its issue time. */
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;

export interface IdTokenVerifier {
  /** The uid of a valid, freshly issued ID token; otherwise an HttpError (401, or 502 when Google is unreachable). */
  verify(idToken: string): Promise<string>;
  close(): Promise<void>;
}

/** A clock a little ahead of Google's must not turn a token that was just issued away. */
const CLOCK_SKEW_MS = 60_000;

const invalidToken = () =>
  new HttpError(401, 'invalid_id_token', 'Your sign-in could not be verified. Please reload the page and try again.');

/**
 * The token sync accepts only tokens at most 5 minutes old. The age is the token's issue time (`iat`), not its sign-in time
 * (`auth_time`): an anonymous user cannot sign in again without losing their uid, but the client can always
 * ask for a freshly issued token, which is what it sends.
 */
export function checkTokenAge(token: Pick<DecodedIdToken, 'iat'>, nowMs: number): void {
  const issuedMs = token.iat * 1000;
  if (issuedMs > nowMs + CLOCK_SKEW_MS) throw invalidToken();
  if (nowMs - issuedMs > TOKEN_SYNC_MAX_AGE_MS) {
    throw new HttpError(401, 'id_token_too_old', 'Your sign-in token is more than 5 minutes old. Please reload the page to sign in again.');
  }
}

/** firebase-admin's rejections of the token itself (bad, expired, wrong project) versus its own failures. */
const isTokenRejection = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
};

/**
 * Verifying a token may first fetch Google's public keys (every few hours), and firebase-admin puts no timeout
 * on that fetch: past this, the sign-in answers 502 and the client tries again, instead of waiting on Google.
 */
export const VERIFY_TIMEOUT_MS = 5_000;

const unreachable = () =>
  new HttpError(502, 'identity_unavailable', 'We could not reach the sign-in service. Please try again in a moment.');

/** The verification, or the unreachable error once `ms` have passed (the fetch itself is left to finish). */
async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(unreachable()), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export interface IdTokenVerifierOptions {
  timeoutMs?: number;
  /** The agent firebase-admin fetches Google's keys through (tests route it to a server that never answers). */
  httpAgent?: Agent;
}

export function createFirebaseIdTokenVerifier(
  config: FirebaseServerConfig, now: () => number, options: IdTokenVerifierOptions = {},
): IdTokenVerifier {
  let loaded: Promise<{ app: AdminApp; auth: Auth }> | undefined;
  const load = () => {
    loaded ??= (async () => {
      // firebase-admin reads the emulator only from the environment; the validated config is the source.
      if (config.authEmulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
      const [{ initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
      // A named app per server instance, so several (tests, the bench) live side by side.
      const appOptions = { projectId: config.projectId, ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}) };
      const app = initializeApp(appOptions, `essay-studio-${randomUUID()}`);
      return { app, auth: getAuth(app) };
    })();
    return loaded;
  };

  return {
    async verify(idToken) {
      const { auth } = await load();
      let decoded: DecodedIdToken;
      try {
        decoded = await withinTimeout(auth.verifyIdToken(idToken), options.timeoutMs ?? VERIFY_TIMEOUT_MS);
      } catch (error) {
        if (isTokenRejection(error)) throw invalidToken();
        throw error instanceof HttpError ? error : unreachable();
      }
      checkTokenAge(decoded, now());
      if (!uidSchema.safeParse(decoded.uid).success) throw invalidToken();
      return decoded.uid;
    },
    async close() {
      // A load that failed has nothing to close (and already answered its requests).
      const admin = await loaded?.catch(() => undefined);
      if (admin === undefined) return;
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(admin.app);
    },
  };
}
