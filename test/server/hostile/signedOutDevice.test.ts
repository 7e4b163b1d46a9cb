// A signed-out device's cookie, replayed (a shared computer's next user, a stolen cookie), on every API route the
// real app registers, found as they are registered: each answers 401 signed_out before anything else runs, so
// none reads, writes or tells anything of the student's; with the cookie cleared, the browser is a new visitor.
import type { RouteOptions } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { isApiPath } from '../../../src/server/http/apiPath.ts';
import { testDatabases } from '../databases.ts';
import { cookiePair, TEST_ADMIN_TOKEN, TEST_ORIGIN, testConfig } from '../helper.ts';
import { documentWith } from '../serverProcess.ts';

const MARKER = 'Maya-Signed-Out-Device';
const AN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

describe.each(testDatabases)('a signed-out device on $name', (target) => {
  it('gets 401 signed_out on every API route, and nothing of the student’s', async () => {
    const routes: Array<{ method: string; url: string }> = [];
    const database = await target.open();
    const app = await buildApp({
      config: testConfig(), db: database,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
      },
    });
    onTestFinished(async () => { await app.close(); });
    await app.ready();

    const started = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN } });
    const cookie = cookiePair(started.headers['set-cookie']);
    const headers = { cookie, origin: TEST_ORIGIN };
    const saved = await app.inject({ method: 'PUT', url: '/api/forms/me', headers, payload: { document: documentWith(MARKER), baseRevision: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const laptop = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN } });
    expect(laptop.statusCode).toBe(200);
    // The student signs this device out from itself; its cookie is then replayed.
    expect((await app.inject({ method: 'DELETE', url: '/api/session', headers })).statusCode).toBe(204);

    const apiRoutes = routes.filter((route) => isApiPath(route.url));
    expect(apiRoutes.length).toBeGreaterThan(30);
    for (const route of apiRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, AN_ID);
      const response = await app.inject({
        method: route.method as 'GET', url,
        headers: { ...headers, authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { document: documentWith('x'), baseRevision: 1, confirm: true } }),
      });
      const what = `${route.method} ${route.url}`;
      expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
      expect(response.json(), what).toMatchObject({ code: 'signed_out' });
      expect(String(response.headers['set-cookie']), what).toMatch(/^sid=; Max-Age=0/);
      expect(response.body, what).not.toContain(MARKER);
    }
    // The questionnaire was neither changed nor erased by any of them.
    const document = await database.db.selectFrom('forms').select('document').executeTakeFirstOrThrow();
    expect(JSON.stringify(document)).toContain(MARKER);
    // Without the cookie the browser is a new visitor: a new uid, an empty questionnaire.
    const visitor = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN } });
    const form = await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: cookiePair(visitor.headers['set-cookie']) } });
    expect(form.body).not.toContain(MARKER);
  });
});
