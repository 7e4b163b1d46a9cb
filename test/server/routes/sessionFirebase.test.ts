// The token sync (POST /api/session with an ID token) against the real Firebase Auth emulator: real ID tokens, verified by the real
// firebase-admin, through the real server. Skipped, saying so, with FIREBASE_EMULATOR_TESTS=0 or without
// firebase-tools (outside CI); otherwise an emulator that cannot be installed or started fails the run.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseBackend } from '../../../src/remote/firebase.ts';
import type { App } from '../../../src/server/app.ts';
import { TOKEN_SYNC_MAX_AGE_MS } from '../../../src/server/session/firebaseIdTokens.ts';
import { testDatabases } from '../databases.ts';
import { type AuthEmulator, EMULATOR_PROJECT_ID, startAuthEmulator } from '../firebase/authEmulator.ts';
import { firebaseToolsInstalled } from '../firebase/firebaseTools.ts';
import { TEST_ORIGIN, buildTestApp, cookiePair } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { routeApiTo } from './fetchBridge.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';
// The browser's backend checks the server's answers in a worker thread (src/api/contractCheck.ts), which Node
// does not have: the client tests' stand-in answers them here too.
import '../../setup/contractWorker.ts';

// Under CI=true a missing firebase-tools is installed here rather than the suite skipped.
const skipped = process.env.FIREBASE_EMULATOR_TESTS === '0' ? 'FIREBASE_EMULATOR_TESTS=0'
  : !firebaseToolsInstalled() && process.env.CI !== 'true'
    ? 'firebase-tools is not installed (`npx tsx test/server/firebase/installFirebaseTools.ts` installs it, once)'
    : undefined;
const enabled = skipped === undefined;
if (!enabled) console.warn(`Skipping the Firebase token-exchange tests: ${skipped}.`);

const [pglite] = testDatabases;

describe.skipIf(!enabled)('POST /api/session with a Firebase ID token (Auth emulator)', () => {
  let emulator: AuthEmulator;
  /** The shared app's Firebase settings: the emulator's address is known once it has started. */
  const sharedEnv: Record<string, string> = {};
  beforeAll(async () => {
    emulator = await startAuthEmulator();
    Object.assign(sharedEnv, { FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
  }, 600_000); // the first run on a machine installs firebase-tools
  afterAll(async () => emulator?.stop());
  afterEach(() => vi.unstubAllGlobals());

  // Registered after the emulator's beforeAll, so its app is built (with sharedEnv filled in) once the
  // emulator runs; its clock is the one a test last asked for, else the real one. A test with a Firebase
  // project of its own builds its app with buildTestApp.
  let clock: (() => Date) | undefined;
  beforeEach(() => {
    clock = undefined;
  });
  const sharedApp = useTestApp(pglite!, { env: sharedEnv, clock: () => clock?.() ?? new Date() });
  const firebaseApp = async (options: { clock?: () => Date; projectId?: string } = {}): Promise<{ app: App }> => {
    if (options.projectId !== undefined) {
      return buildTestApp(pglite!, { env: { FIREBASE_PROJECT_ID: options.projectId, FIREBASE_AUTH_EMULATOR_HOST: emulator.host } });
    }
    clock = options.clock;
    return sharedApp();
  };
  const exchange = (app: App, payload: unknown, origin = TEST_ORIGIN) =>
    app.inject({ method: 'POST', url: '/api/session', headers: { origin }, payload: payload as object });

  it('starts a device session for the uid of a freshly issued token, in a signed, httpOnly cookie holding its secret, not the uid', async () => {
    const { app } = await firebaseApp();
    const { uid, idToken } = await emulator.signInAnonymously();
    const response = await exchange(app, { idToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=d1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/]+;/);
    expect(header).not.toContain(uid);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    // The cookie is a session like any other from here on: listed among the student's devices.
    const cookie = cookiePair(response.headers['set-cookie']);
    expect((await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).json()).toEqual({ plan: 'free' });
    const devices = await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
    expect(devices.json()).toMatchObject({ devices: [{ current: true }] });
  });

  it('accepts a token issued just under 5 minutes ago and refuses one just over, with a readable message', async () => {
    const { idToken } = await emulator.signInAnonymously();
    const issued = Date.now();
    const later = (ms: number) => () => new Date(issued + ms);
    const young = await firebaseApp({ clock: later(TOKEN_SYNC_MAX_AGE_MS - 10_000) });
    expect((await exchange(young.app, { idToken })).statusCode).toBe(200);

    const old = await firebaseApp({ clock: later(TOKEN_SYNC_MAX_AGE_MS + 10_000) });
    const response = await exchange(old.app, { idToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'id_token_too_old',
      error: 'Your sign-in token is more than 5 minutes old. Please reload the page to sign in again.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 with a readable message to a garbage token, and sets no cookie', async () => {
    const { app } = await firebaseApp();
    const response = await exchange(app, { idToken: 'not-a-jwt' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'invalid_id_token',
      error: 'Your sign-in could not be verified. Please reload the page and try again.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a real token issued for another Firebase project', async () => {
    const { app } = await firebaseApp({ projectId: 'demo-another-project' });
    const { idToken } = await emulator.signInAnonymously();
    const response = await exchange(app, { idToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_id_token' });
  });

  it('starts no anonymous session without a token: the uid must be the Firebase one', async () => {
    const { app } = await firebaseApp();
    const response = await exchange(app, undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'id_token_required' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 naming the field to a body that breaks the contract', async () => {
    const { app } = await firebaseApp();
    const wrongType = await exchange(app, { idToken: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('idToken') });
    const extra = await exchange(app, { idToken: 'x', uid: 'someone-else' });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a token exchange started by another site', async () => {
    const { app } = await firebaseApp();
    const { idToken } = await emulator.signInAnonymously();
    const response = await exchange(app, { idToken }, 'https://evil.example');
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('DELETE /api/session (on sign-out) ends the device session and clears the cookie', async () => {
    const { app } = await firebaseApp();
    const { idToken } = await emulator.signInAnonymously();
    const cookie = cookiePair((await exchange(app, { idToken })).headers['set-cookie']);
    const response = await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0; Path=\/;.*HttpOnly; SameSite=Lax/);
    const replayed = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } });
    expect(replayed.json()).toMatchObject({ code: 'signed_out' });
  });

  it("the browser's backend (src/remote/firebase.ts, the real SDK) signs in and syncs its token, then signs out", async () => {
    const { app } = await firebaseApp();
    const browser = routeApiTo(app, TEST_ORIGIN);
    const remote = createFirebaseBackend({
      apiKey: 'emulator-web-key', projectId: EMULATOR_PROJECT_ID, authDomain: 'localhost', appId: undefined,
      authEmulatorHost: emulator.host, firestoreEmulatorHost: undefined,
    });
    await remote.signIn();
    expect(browser.cookie()).toMatch(/^sid=d1\./);
    const whoami = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: browser.cookie() } });
    expect(whoami.json()).toEqual({ plan: 'free' });

    await remote.signOut();
    await vi.waitFor(() => expect(browser.cookie()).toBe(''), CONDITION_WAIT);
    expect(browser.requests).toEqual(['POST /api/session', 'DELETE /api/session']);
  });

  it("lets the browser reach Firebase's hosts and the emulator in the CSP", async () => {
    const { app } = await firebaseApp();
    const csp = String((await app.inject({ method: 'GET', url: '/api/whoami' })).headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).toEqual([
      "'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com', `http://${emulator.host}`,
    ]);
  });
});

describe('POST /api/session without Firebase configured', () => {
  it("keeps Firebase's hosts out of the CSP and answers 501 to an ID token", async () => {
    const { app } = await buildTestApp(pglite!);
    const response = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: 'eyJhbGciOi' } });
    expect(response.statusCode).toBe(501);
    expect(String(response.headers['content-security-policy'])).not.toContain('googleapis');
  });
});
