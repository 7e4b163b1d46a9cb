// A device signed in for a given student without going through a browser (as a device paired later would be):
// its session row and the Cookie header that carries it, signed as the app signs it.
import { createDeviceSession } from '../../../src/server/session/deviceSessions.ts';
import { newSessionSecret, SESSION_COOKIE } from '../../../src/server/session/session.ts';
import type { TestApp } from '../helper.ts';

export async function signInDevice({ app, database }: Pick<TestApp, 'app' | 'database'>, uid: string): Promise<string> {
  const secret = newSessionSecret();
  await createDeviceSession(database.db, { uid, secret, label: 'Firefox on Linux', at: new Date() });
  return `${SESSION_COOKIE}=${app.signCookie(`d1.${secret}`)}`;
}

/** The Cookie header of a cookie from before per-device sessions: the signed uid itself. */
export const earlierCookie = (app: TestApp['app'], uid: string): string => `${SESSION_COOKIE}=${app.signCookie(uid)}`;
