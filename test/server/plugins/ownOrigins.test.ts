// Which origins are the app's own: PUBLIC_URL's, or with it unset every loopback spelling on PORT. A page of
// this server opened at another of its addresses is told which address to open.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';

const startSession = (origin: string, host = new URL(origin).host) =>
  ({ method: 'POST' as const, url: '/api/session', headers: { origin, host } });

describe.each(testDatabases)('the app\'s own origins on $name', (target) => {
  it('accepts localhost, 127.0.0.1 and [::1] on PORT while PUBLIC_URL is unset, and nothing else', async () => {
    const { app } = await buildTestApp(target, { env: { PUBLIC_URL: '', PORT: '8123' } });
    for (const origin of ['http://localhost:8123', 'http://127.0.0.1:8123', 'http://[::1]:8123']) {
      expect((await app.inject(startSession(origin))).statusCode, origin).toBe(200);
    }
    for (const origin of ['http://localhost:8124', 'https://127.0.0.1:8123', 'http://127.0.0.2:8123', 'http://evil.example']) {
      const refused = await app.inject(startSession(origin, 'localhost:8123'));
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().code, origin).toBe('cross_site');
    }
  });

  it('accepts only PUBLIC_URL\'s origin once it is set, even another loopback spelling', async () => {
    const { app } = await buildTestApp(target, { env: { PUBLIC_URL: 'http://localhost:8080' } });
    expect((await app.inject(startSession('http://localhost:8080'))).statusCode).toBe(200);
    expect((await app.inject(startSession('http://127.0.0.1:8080', 'localhost:8080'))).json().code).toBe('cross_site');
  });

  it('names the address to open when its own page was opened at another of its addresses', async () => {
    const { app } = await buildTestApp(target, { env: { PUBLIC_URL: 'http://localhost:8080' } });
    const refused = await app.inject(startSession('http://127.0.0.1:8080'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'wrong_origin',
      error: 'This page is open at http://127.0.0.1:8080, but Essay Studio runs at http://localhost:8080. '
        + 'Please open http://localhost:8080 instead.',
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
