// A reader's link under attack, over HTTP: the token never reaches a log line or a response header (nor a
// reader's comment a log line); 10,000 guessed tokens from one network are answered 429 through the secret
// gate and open nothing, while a reader elsewhere still opens the real link; and a reader's cookie, sent to
// every route of the student's, gets exactly what a visitor without one gets.
import type { RouteOptions } from 'fastify';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../../src/server/app.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, testConfig } from '../../helper.ts';
import { studentTextLogs } from '../../studentTextLogs.ts';
import { comment, openLink, share, SNAPSHOT, student, WRITE } from './shareFixtures.ts';

const [pglite] = testDatabases;
const GUESSES = 10_000;

const headerText = (response: LightMyRequestResponse): string => JSON.stringify(response.headers);

/** Status, and for JSON its top-level names and yes-or-no values: what tells two answers apart. */
function gist(answer: LightMyRequestResponse): string {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return String(answer.statusCode);
  const body = answer.json<Record<string, unknown>>();
  const names = Object.keys(body).sort().map((name) => (typeof body[name] === 'boolean' ? `${name}=${String(body[name])}` : name));
  return `${answer.statusCode} {${names.join(', ')}}`;
}

describe('a reader’s link under attack', () => {
  const logs = studentTextLogs();

  it('never writes the token or its secret in a log line or a response header, nor a reader’s comment in a log line', async () => {
    const { app } = await buildTestApp(pglite!, { logs });
    const maya = await student(app);
    const created = await app.inject({
      method: 'POST', url: '/api/shares', headers: { cookie: maya.cookie, ...WRITE },
      payload: { essayKey: 'personal', versionId: 'version-0001', text: SNAPSHOT },
    });
    const token = created.json<{ url: string }>().url.replace('/read#', '');
    const secret = token.split('.')[1] ?? '';
    expect(secret).toHaveLength(43);
    const answers: LightMyRequestResponse[] = [created];
    const reader = await openLink(app, token);
    answers.push(reader.response);
    answers.push(await app.inject({ method: 'GET', url: `/api/read/${reader.response.json<{ shareId: string }>().shareId}`, headers: { cookie: reader.cookie } }));
    const shareId = token.split('.')[0] ?? '';
    answers.push(await app.inject({
      method: 'POST', url: `/api/read/${shareId}/comments`, headers: { cookie: reader.cookie, ...WRITE },
      payload: comment('Your grandmother sounds wonderful, tell me more about her hands'),
    }));
    // Malformed and over-long bodies carrying the token: refused without repeating it.
    answers.push(await app.inject({ method: 'POST', url: '/api/read/session', headers: WRITE, payload: { token, extra: token } }));
    answers.push(await app.inject({ method: 'POST', url: '/api/read/session', headers: WRITE, payload: { token: `${token}${'x'.repeat(200)}` } }));
    answers.push(await app.inject({ method: 'POST', url: '/api/read/session', headers: { ...WRITE, 'content-type': 'application/json' }, payload: `{"token":"${token}"` }));
    answers.push(await app.inject({ method: 'GET', url: '/api/shares', headers: { cookie: maya.cookie } }));
    answers.push(await app.inject({ method: 'DELETE', url: `/api/shares/${shareId}`, headers: { cookie: maya.cookie, ...WRITE } }));
    answers.push((await openLink(app, token)).response);

    expect(logs.lines.length).toBeGreaterThan(10);
    expect(logs.lines.join('\n')).toContain('/api/read/session');
    expect(logs.lines.filter((line) => line.includes(secret))).toEqual([]);
    for (const answer of answers) expect(headerText(answer)).not.toContain(secret);
    // The link itself travels once, in the body of the student's own answer; no other body holds its secret.
    expect(answers.filter((answer) => answer.body.includes(secret))).toEqual([created]);
    logs.expectNone();
  });

  it('answers 10,000 guessed tokens from one network with 429s through the gate, opening nothing; a reader elsewhere still gets in', async () => {
    const { app, database } = await buildTestApp(pglite!);
    const maya = await student(app);
    const link = await share(app, maya.cookie);
    const shareId = link.id;
    const statuses = new Map<string, number>();
    let cookies = 0;
    const started = performance.now();
    for (let guess = 0; guess < GUESSES; guess += 1) {
      // Half aim at the real share with other secrets, half at ids nobody has.
      const id = guess % 2 === 0 ? shareId : randomBytes(16).toString('base64url');
      const answer = await app.inject({
        method: 'POST', url: '/api/read/session', headers: WRITE, remoteAddress: '203.0.113.7',
        payload: { token: `${id}.${randomBytes(32).toString('base64url')}` },
      });
      const key = `${answer.statusCode} ${answer.json<{ code?: string }>().code ?? ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.headers['set-cookie'] !== undefined) cookies += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    // The gate's bound (30 wrong tokens a network per 15 minutes), then its 429, then the route's own rate.
    expect(Object.fromEntries(statuses)).toEqual({
      '404 share_link_broken': 30,
      '429 share_link_attempts': 30,
      '429 rate_limited': GUESSES - 60,
    });
    expect(cookies).toBe(0);
    expect(await database.db.selectFrom('reader_sessions').selectAll().execute()).toEqual([]);
    expect(seconds, `${GUESSES} guesses took ${seconds.toFixed(1)} s`).toBeLessThan(60);

    const reader = await openLink(app, link.token, '198.51.100.9');
    expect(reader.response.statusCode).toBe(200);
  }, 120_000);

  it('gives a reader’s cookie, on every route of the student’s, what a visitor without one gets', async () => {
    const routes: RouteOptions[] = [];
    const database = await pglite!.open();
    const app: App = await buildApp({ config: testConfig(), db: database, onRoute: (route) => routes.push(route) });
    await app.ready();
    try {
      const maya = await student(app);
      const link = await share(app, maya.cookie);
      const reader = await openLink(app, link.token);
      const value = reader.cookie.split('=')[1] ?? '';
      // The reader's own cookie, and its value offered as any other cookie a route might read.
      const readerCookies = `${reader.cookie}; sid=${value}; rs_=${value}`;
      let network = 0;
      const differences: string[] = [];
      for (const route of routes) {
        if (route.url.startsWith('/api/read/')) continue;
        for (const method of [route.method].flat().filter((each) => each !== 'HEAD')) {
          const url = route.url.replace(/:\w+/g, 'probe').replace('*', 'probe');
          const send = (cookie?: string) => {
            network += 1;
            return app.inject({
              method: method as 'GET', url, remoteAddress: `10.9.${network >> 8}.${network & 255}`,
              headers: { ...WRITE, ...(cookie === undefined ? {} : { cookie }) },
            });
          };
          const visitor = gist(await send());
          const withReaderCookie = await send(readerCookies);
          if (gist(withReaderCookie) !== visitor) differences.push(`${method} ${route.url}: ${gist(withReaderCookie)}, a visitor ${visitor}`);
          expect(String(withReaderCookie.headers['set-cookie'] ?? '')).not.toContain(value);
        }
      }
      expect(routes.length).toBeGreaterThan(40);
      expect(differences).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
