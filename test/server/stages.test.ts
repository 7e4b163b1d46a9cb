// A server stage is its folder and its line in src/server/stages.ts: a fixture stage added to the list gets its
// migration run in order, its route served, and its table in the student's data: classified, exported, erased
// and dated by the retention purge. Two stages claiming one migration number, or one table, are refused.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { purgeIdleStudents } from '../../src/server/db/retentionPurge.ts';
import { studentDataOf } from '../../src/server/db/studentData.ts';
import { migrationsOf } from '../../src/server/migrations.ts';
import type { ServerStage } from '../../src/server/stage.ts';
import { serverStages } from '../../src/server/stages.ts';
import { buildApp } from '../../src/server/app.ts';
import { testDatabases } from './databases.ts';
import { testConfig, TEST_ORIGIN } from './helper.ts';
import { fixtureStage } from './fixtures/fixtureStage.ts';

const stages: readonly ServerStage[] = [...serverStages, fixtureStage];

describe('server stages', () => {
  it('gathers every stage’s migrations by number, and refuses two with one number', () => {
    const names = migrationsOf(stages).map((migration) => migration.name);
    expect(names.at(-1)).toBe('900_fixture_notes');
    expect(names).toEqual([...names].sort());
    const clash: ServerStage = { ...fixtureStage, name: 'clash', migrations: [{ name: '900_clash_notes', sql: '' }] };
    expect(() => migrationsOf([...stages, clash])).toThrow(/share the number 900/);
  });

  it('names each stage’s own migrations <nnn>_<stage>_<what>', () => {
    for (const stage of stages) {
      for (const { name } of stage.migrations ?? []) expect(name).toMatch(new RegExp(`^\\d{3}_${stage.name}_[a-z_]+$`));
    }
  });

  it('refuses a table two stages declare', () => {
    const twice: ServerStage = { ...fixtureStage, name: 'twice' };
    expect(() => studentDataOf([...stages, twice])).toThrow(/fixture_notes is declared twice/);
    expect(studentDataOf(stages).policy).toHaveProperty('fixture_notes');
  });
});

describe.each(testDatabases)('a fixture stage on $name', (target) => {
  it('is served, exported and erased as the list declares it', async () => {
    const database = await target.openUnmigrated();
    try {
      await migrate(database.db, migrationsOf(stages));
      const app = await buildApp({ config: testConfig(), db: database, stages });
      try {
        const session = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN } });
        const cookie = session.headers['set-cookie'];
        const headers = { origin: TEST_ORIGIN, cookie: Array.isArray(cookie) ? cookie.join('; ') : String(cookie) };
        expect((await app.inject({ method: 'POST', url: '/api/fixture-notes', headers })).json()).toEqual({ stored: true });

        const exported = await app.inject({ method: 'GET', url: '/api/my-data', headers });
        const uid = (exported.json() as { uid: string }).uid;
        expect(exported.json().tables.fixture_notes).toEqual([{ uid, note: 'a note' }]);

        const erased = await app.inject({ method: 'DELETE', url: '/api/my-data', headers, payload: { confirm: true } });
        expect(erased.statusCode).toBe(200);
        const left = await sql<{ n: number }>`select count(*)::int as n from fixture_notes where uid = ${uid}`.execute(database.db);
        expect(left.rows[0]?.n).toBe(0);

        // A browser known only to the fixture's table is found, dated and erased by the retention purge.
        await sql`insert into fixture_notes (uid, note, at) values ('only-in-fixture', 'old', now() - interval '400 days')`.execute(database.db);
        const run = await purgeIdleStudents(database.db, studentDataOf(stages), new Date(Date.now() - 365 * 86_400_000), new Date());
        expect(run?.erased).toContain('only-in-fixture');
        const lonely = await sql<{ n: number }>`select count(*)::int as n from fixture_notes where uid = 'only-in-fixture'`.execute(database.db);
        expect(lonely.rows[0]?.n).toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await database.close().catch(() => undefined);
    }
  });
});
