import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './databases.ts';
import { buildTestApp, cookiePair, setPlan } from './helper.ts';
import { testRoute } from './limits/testRouteBudget.ts';

describe.each(testDatabases)('the app over a real socket on $name', (target) => {
  it('runs a whole session over HTTP: cookie, whoami, admin grant', async () => {
    const { app, config } = await buildTestApp(target);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const started = await fetch(`${base}/api/session`, { method: 'POST', headers: { origin: config.publicUrl } });
    expect(started.status).toBe(200);
    const { uid } = (await started.json()) as { uid: string };
    const cookie = cookiePair(started.headers.get('set-cookie') ?? undefined);
    await setPlan(app, uid, 'paid');
    const whoami = await fetch(`${base}/api/whoami`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(await whoami.json()).toEqual({ plan: 'paid' });
    const refused = await fetch(`${base}/api/session`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
  });

  it('on close, finishes requests in flight, refuses new connections, then closes the database', async () => {
    const { app, database } = await buildTestApp(target);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/test/slow', testRoute, async () => {
      entered();
      await gate;
      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(database.db);
      return rows[0];
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${base}/api/test/slow`, { headers: { connection: 'close' } });
    await inside;
    const closing = app.close();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: 42 });
    await closing;
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
  });
});
