// What the API allowance counts: the calls students make, never the requests refused for what they are (another
// site's POSTs, a path spelled other than its canonical form, each counted per network on its own), and every /api call, an unknown one too, even where the
// static files' catch-all route matches it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REFUSALS_PER_NETWORK } from '../../../src/server/plugins/refusals.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, TEST_ORIGIN } from '../helper.ts';

const SCHOOL = '203.0.113.50';
const FROZEN = new Date('2026-03-01T12:00:00Z');

describe.each(testDatabases)('requests refused and requests counted on $name', (target) => {
  it('does not lock a network\'s students out after 1,210 refused cross-site POSTs from it', async () => {
    // The default allowance, 1,200 a minute; the clock stands still so every request falls in one window.
    const { app } = await buildTestApp(target, { clock: () => FROZEN });
    const crossSite = () => app.inject({ method: 'POST', url: '/api/session', headers: { origin: 'https://evil.example' }, remoteAddress: SCHOOL });
    const codes: string[] = [];
    for (let attempt = 0; attempt < 1210; attempt += 1) codes.push((await crossSite()).json<{ code: string }>().code);
    const figure = REFUSALS_PER_NETWORK.max;
    expect(new Set(codes.slice(0, figure))).toEqual(new Set(['cross_site']));
    // Past their own count the refusals are 429s, still counted apart.
    expect(new Set(codes.slice(figure))).toEqual(new Set(['too_many_refused']));
    const student = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN }, remoteAddress: SCHOOL });
    expect(student.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: SCHOOL })).statusCode).toBe(200);
  });

  it('counts unknown /api GETs against the API allowance when the static files are served, not as pages', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'essay-static-'));
    onTestFinished(() => rmSync(staticDir, { recursive: true, force: true }));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Landing</title>');
    const { app } = await buildTestApp(target, { env: { STATIC_DIR: staticDir, RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW: '1m' }, clock: () => FROZEN });
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: SCHOOL });
    for (const url of ['/api/nothing-here', '/api/old/path', '/api/gone']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: 'There is nothing at this address.', code: 'not_found' });
    }
    const over = await get('/api/nothing-here');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    // It was the API's allowance they spent: a known call waits too, and the pages do not.
    expect((await get('/api/whoami')).statusCode).toBe(429);
    expect((await get('/')).statusCode).toBe(200);
  });

  it('counts paths spelled other than their canonical form apart, never against the API allowance', async () => {
    const { app } = await buildTestApp(target, { env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW: '1m' }, clock: () => FROZEN });
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: SCHOOL });
    const codes: string[] = [];
    for (let attempt = 0; attempt < REFUSALS_PER_NETWORK.max + 5; attempt += 1) codes.push((await get('/%61pi/whoami')).json<{ code: string }>().code);
    expect(new Set(codes.slice(0, REFUSALS_PER_NETWORK.max))).toEqual(new Set(['non_canonical_path']));
    expect(new Set(codes.slice(REFUSALS_PER_NETWORK.max))).toEqual(new Set(['too_many_refused']));
    // The network's API allowance (3 a minute here) is untouched: its students' calls still go through.
    for (let call = 0; call < 3; call += 1) expect((await get('/api/whoami')).statusCode).toBe(200);
  });
});
