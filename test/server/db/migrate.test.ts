import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { migrations } from '../../../src/server/migrations.ts';
import { testDatabases } from '../databases.ts';

describe.each(testDatabases)('migrations on $name', (target) => {
  async function open(): Promise<DatabaseHandle> {
    const handle = await target.openUnmigrated();
    onTestFinished(() => handle.close());
    return handle;
  }

  it('creates the tables and records each migration once', async () => {
    const { db } = await open();
    expect(await migrate(db)).toEqual(migrations.map((migration) => migration.name));
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() order by table_name`.execute(db);
    // Each migration's tables are checked by containment, so a later migration adds its own without touching this.
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['admin_audit', 'entitlements', 'forms', 'schema_migrations']));
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['ai_usage']));
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining([
      'checkout_sessions', 'discount_codes', 'local_checkout_sessions', 'referral_accounts', 'referrals', 'stripe_events',
    ]));
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining([
      'daily_visitors', 'event_daily', 'events', 'feedback', 'funnel_users', 'purchases',
    ]));
    const recorded = await db.selectFrom('schema_migrations').select('name').execute();
    expect(recorded.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
  });

  it('is safe to run twice, one after the other or at the same moment', async () => {
    const { db } = await open();
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    expect([...(first ?? []), ...(second ?? [])]).toEqual(migrations.map((migration) => migration.name));
    expect(await migrate(db)).toEqual([]);
  });

  it('applies only what is new, and nothing of a migration that fails', async () => {
    const { db } = await open();
    await migrate(db);
    const broken = { name: '999_broken', sql: 'create table half_done (id integer); select no_such_function();' };
    await expect(migrate(db, [...migrations, broken])).rejects.toThrow();
    const leftovers = await sql`select 1 from information_schema.tables where table_name = 'half_done' and table_schema = current_schema()`.execute(db);
    expect(leftovers.rows).toEqual([]);
    const added = { name: '002_note', sql: 'alter table forms add column note text;' };
    expect(await migrate(db, [...migrations, added])).toEqual(['002_note']);
  });

  it('checks the plan column', async () => {
    const { db } = await open();
    await migrate(db);
    await expect(sql`insert into entitlements (uid, plan, source) values ('someone-1', 'gold', 'test')`.execute(db))
      .rejects.toThrow(/check/i);
  });
});
