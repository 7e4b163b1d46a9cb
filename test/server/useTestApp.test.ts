// The shared app of useTestApp: every test of the describe gets the same app, yet starts from empty tables
// (identities numbered from 1 again) and forgotten rate-limit counters, as a freshly built app would.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { testDatabases } from './databases.ts';
import { startSession, type TestApp } from './helper.ts';
import { useTestApp } from './useTestApp.ts';

/** Two new sessions per network: the third is refused until the counters are forgotten. */
const SESSIONS_ALLOWED = '2';

async function formCount({ database }: TestApp): Promise<number> {
  const row = await database.db.selectFrom('forms').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Leaves a row in two tables (one numbered by an identity) and spends the network's session budget. */
async function useEverything(testApp: TestApp): Promise<number> {
  const { app, database } = testApp;
  const { uid } = await startSession(app);
  await database.db.insertInto('forms').values({ uid, document: JSON.stringify({}), revision: 1, updated_at: new Date() }).execute();
  const audit = await database.db.insertInto('admin_audit').values({ uid, plan: 'paid', reason: 'test', at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  await startSession(app);
  expect((await app.inject({ method: 'POST', url: '/api/session' })).statusCode).toBe(429);
  return audit.id;
}

describe.each(testDatabases)('useTestApp on $name', (target) => {
  const testApp = useTestApp(target, { env: { SESSION_LIMIT_PER_IP: SESSIONS_ALLOWED } });
  const apps: App[] = [];
  const auditIds: number[] = [];

  it('starts on empty tables with fresh limits', async () => {
    apps.push(testApp().app);
    expect(await formCount(testApp())).toBe(0);
    auditIds.push(await useEverything(testApp()));
  });

  it('finds the tables empty and the limits forgotten in the next test, on the same app', async () => {
    apps.push(testApp().app);
    expect(await formCount(testApp())).toBe(0);
    auditIds.push(await useEverything(testApp()));
    expect(apps[1]).toBe(apps[0]);
    expect(auditIds).toEqual([1, 1]);
  });

  it('keeps the record of the migrations that ran', async () => {
    const rows = await testApp().database.db.selectFrom('schema_migrations').select('name').execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

// A test that builds its own app gets a database another test of the file may have used: it must find it as a
// new one, rows, identities and session settings alike.
describe.each(testDatabases)('the databases handed from test to test on $name', (target) => {
  let firstRan = false;

  it('leaves rows, an identity and a session setting behind', async () => {
    const handle = await target.open();
    await handle.db.insertInto('admin_audit').values({ uid: 'left-behind', plan: 'paid', reason: 'test', at: new Date() }).execute();
    await sql`set statement_timeout = 1234`.execute(handle.db);
    await handle.close();
    firstRan = true;
  });

  it('gets a database with none of it', async () => {
    expect(firstRan).toBe(true);
    const handle = await target.open();
    try {
      expect(await handle.db.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
      const audit = await handle.db.insertInto('admin_audit').values({ uid: 'next', plan: 'paid', reason: 'test', at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      expect(audit.id).toBe(1);
      const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(handle.db);
      expect(rows[0]?.statement_timeout).toBe('0');
      expect((await handle.db.selectFrom('schema_migrations').select('name').execute()).length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});
