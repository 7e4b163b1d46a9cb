// Every write a device may send again honours its Idempotency-Key, listed from the route table rather than by
// hand. The family is every route declared idempotent, and it must hold every PUT (a whole-document replace a
// device repeats; SETS_A_VALUE names the ones that only set a value, and why) and every write the browser's
// endpoint table marks idempotent or retries. For each, on both
// databases: a keyed write sent twice runs the route once and is answered the same, a malformed key never
// reaches it, and the answer is stored in the one transaction. A fixture stage shows the rule catches a
// retryable write declared without the gate. The comment and reply writes are the other family, idempotent by
// the client id in their body: named here, and each shown storing one write sent twice once.
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { endpoints } from '../../../src/api/endpoints.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { buildApp } from '../../../src/server/app.ts';
import { REPLAYED_HEADER } from '../../../src/server/plugins/idempotency.ts';
import type { ServerStage } from '../../../src/server/stage.ts';
import { serverStages } from '../../../src/server/stages.ts';
import { apiRate, loopCpu, storesNothing } from '../../../src/server/limits/budgets.ts';
import { threeColleges } from '../../fixtures/collegePlans.ts';
import { type TestDatabase, testDatabases } from '../databases.ts';
import { cookiePair, startSession, testConfig, TEST_ORIGIN } from '../helper.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const at = new Date().toISOString();

/** A valid first write of each idempotent route: one must be given here for every route the family holds. */
const SAMPLES: Record<string, unknown> = {
  'PUT /api/forms/me': { document: emptyFormDocument(), baseRevision: 0 },
  'POST /api/essay-versions': { versions: [{ id: 'v-sample-1', essayKey: 'personal', at, kind: 'edited', text: 'My first draft.' }], baseRevision: 0 },
  'POST /api/events': { events: [{ name: 'page_viewed', timestamp: at, params: { page_path: '/form' } }] },
  'PUT /api/college-plan': { document: threeColleges(), baseRevision: 0 },
};

/**
 * PUTs outside the family, each with why a retry is harmless without a key: each sets a value, so the same
 * request sent again leaves the same comment (a reader's session is not a student's, so the gate, keyed per
 * browser, would not reach the reader's anyway).
 */
const SETS_A_VALUE: Record<string, string> = {
  'PUT /api/comments/:id': 'sets whether the comment is resolved',
  'PUT /api/read/:shareId/comments/:id': 'sets the reader\'s comment\'s text',
  'PUT /api/session/shared': 'sets whether this device\'s session is on a shared computer',
};

/**
 * Writes outside the gate's family that are idempotent by the client id in their body: the id the device made
 * names the comment or reply, so the same write sent again finds it and answers it, storing nothing new (a
 * reader's session is not a student's either, and the key would add nothing the id does not already give).
 */
const BY_CLIENT_ID: Record<string, string> = {
  'POST /api/read/:shareId/comments': 'a reader\'s comment, named by its clientId',
  'POST /api/comments/:id/replies': 'the student\'s reply, named by its clientId',
};

interface SeenRoute { route: string; idempotent: boolean; runs: () => number }

/** The app with every write's handler counted (the count sits inside the gate, so it sees only what the route ran). */
async function countedApp(target: Pick<TestDatabase, 'open'>, stages: readonly ServerStage[] = serverStages) {
  const database = await target.open();
  const seen: SeenRoute[] = [];
  const app = await buildApp({
    config: testConfig(), db: database, stages,
    onRoute: (options: RouteOptions) => {
      const methods = [options.method].flat().filter((method) => WRITES.has(method));
      if (methods.length === 0) return;
      let runs = 0;
      const handler = options.handler;
      options.handler = function counted(this: unknown, ...args: Parameters<typeof handler>) {
        runs += 1;
        return handler.apply(this as never, args);
      } as typeof handler;
      for (const method of methods) seen.push({ route: `${method} ${options.url}`, idempotent: options.config?.idempotent === true, runs: () => runs });
    },
  });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return { app, seen };
}

/** Routes a device may send again that are declared without the gate: what the rule catches. */
function withoutGate(seen: readonly SeenRoute[]): string[] {
  const clientRetried = Object.values(endpoints as Record<string, { method: string; path: string; idempotent?: boolean; retries?: number }>)
    .filter((endpoint) => WRITES.has(endpoint.method) && (endpoint.idempotent === true || (endpoint.retries ?? 0) > 0))
    .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  const puts = seen.filter(({ route }) => route.startsWith('PUT ') && SETS_A_VALUE[route] === undefined).map(({ route }) => route);
  const retryable = new Set([...clientRetried, ...puts]);
  return [...retryable].filter((route) => !seen.some((entry) => entry.route === route && entry.idempotent));
}

describe('the family of retryable writes', () => {
  it('holds every PUT and every write the browser retries or marks idempotent; a fixture route without the gate is caught', async () => {
    const [pglite] = testDatabases;
    const { seen } = await countedApp(pglite!);
    expect(withoutGate(seen)).toEqual([]);
    expect(seen.filter((entry) => entry.idempotent).map((entry) => entry.route).sort()).toEqual(Object.keys(SAMPLES).sort());

    const fixture: ServerStage = {
      name: 'fixture',
      register: async (app) => {
        app.put('/api/fixture/plan', {
          config: { budget: { body: 1024, rate: apiRate(10), storage: storesNothing('a fixture'), use: 'a test', cpu: loopCpu(2, 'a fixture') } },
        }, async () => ({ ok: true }));
      },
    };
    const caught = await countedApp(pglite!, [...serverStages, fixture]);
    expect(withoutGate(caught.seen)).toEqual(['PUT /api/fixture/plan']);
  });

  it('names the writes idempotent by their client id instead, each a route of the app outside the gate', async () => {
    const [pglite] = testDatabases;
    const { seen } = await countedApp(pglite!);
    for (const route of Object.keys(BY_CLIENT_ID)) {
      expect(seen.filter((entry) => entry.route === route).map((entry) => entry.idempotent), route).toEqual([false]);
    }
  });
});

describe.each(testDatabases)('each write idempotent by its client id on $name', (target) => {
  it('stores a comment and a reply sent twice with one client id once, and answers the same', async () => {
    const { app } = await countedApp(target);
    const { cookie } = await startSession(app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const shared = await app.inject({
      method: 'POST', url: '/api/shares', headers, payload: { essayKey: 'personal', versionId: 'version-0001', text: 'We sat on the dock for hours.' },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const { id: shareId, url } = shared.json<{ id: string; url: string }>();
    const opened = await app.inject({ method: 'POST', url: '/api/read/session', headers: { origin: TEST_ORIGIN }, payload: { token: url.replace(/^\/read#/, '') } });
    const reader = { cookie: cookiePair(opened.headers['set-cookie']), origin: TEST_ORIGIN };
    /** The same write sent twice, as a device whose answer was lost sends it again: both answers. */
    const twice = async (url: string, payload: Record<string, string>, as: Record<string, string>) => {
      const send = () => app.inject({ method: 'POST', url, headers: as, payload });
      return [await send(), await send()] as const;
    };
    const comment = { clientId: randomUUID(), text: 'Which dock? Say where.' };
    const [commented, commentedAgain] = await twice(`/api/read/${shareId}/comments`, comment, reader);
    expect(commented.statusCode, commented.body).toBe(200);
    expect(commentedAgain.json()).toEqual(commented.json());
    const [replied, repliedAgain] = await twice(`/api/comments/${comment.clientId}/replies`, { clientId: randomUUID(), text: 'Lake Pleasant.' }, headers);
    expect(replied.statusCode, replied.body).toBe(200);
    expect(repliedAgain.json()).toEqual(replied.json());
    const listed = await app.inject({ method: 'GET', url: '/api/comments?essayKey=personal', headers: { cookie } });
    const comments = listed.json<{ shares: Array<{ comments: Array<{ id: string; replies: unknown[] }> }> }>().shares.flatMap((each) => each.comments);
    expect(comments.map((each) => [each.id, each.replies.length])).toEqual([[comment.clientId, 1]]);
  });
});

describe.each(testDatabases)('each retryable write honours its key on $name', (target) => {
  it('runs once for a key sent twice and answers the same; a malformed key never reaches it', async () => {
    const { app, seen } = await countedApp(target);
    const { cookie } = await startSession(app);
    const family = seen.filter((entry) => entry.idempotent);
    expect(family.length).toBeGreaterThan(0);
    for (const entry of family) {
      const [method, url] = entry.route.split(' ') as ['POST' | 'PUT', string];
      const payload = SAMPLES[entry.route];
      expect(payload, `a sample body for ${entry.route}`).toBeDefined();
      const send = (key: string) => app.inject({ method, url, payload: payload as object, headers: { cookie, origin: TEST_ORIGIN, 'idempotency-key': key } });
      const before = entry.runs();
      expect((await send('not-a-key')).statusCode, entry.route).toBe(400);
      expect(entry.runs(), `${entry.route} ran for a malformed key`).toBe(before);
      const key = randomUUID();
      const first = await send(key);
      expect(first.statusCode, `${entry.route}: ${first.body}`).toBe(200);
      const again = await send(key);
      expect(again.statusCode, entry.route).toBe(200);
      expect(again.json(), entry.route).toEqual(first.json());
      expect(again.headers[REPLAYED_HEADER], entry.route).toBe('true');
      expect(entry.runs(), `${entry.route} ran once for two requests with one key`).toBe(before + 1);
    }
  });
});
