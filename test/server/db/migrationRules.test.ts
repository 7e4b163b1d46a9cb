// Migrations that old and new instances can both run against during a rolling restart: each migration only
// adds. Checked two ways: the text of every migration has no statement that removes, renames or retypes
// anything, and, applied one after another on both databases, no migration takes away or retypes a column
// the schema before it had, and every column it adds to an existing table can be left out of an INSERT
// (nullable or with a default), so the previous release's inserts still work.
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.ts';
import { migrations } from '../../../src/server/migrations.ts';
import { testDatabases } from '../databases.ts';

/** Statements that would break an instance still running the previous release's queries. */
const REMOVING = [
  /\bdrop\s+(table|column|view|type)\b/i,
  /\brename\b/i,
  /\balter\s+column\b[^;]*\b(type|set\s+not\s+null)\b/i,
  /\bdrop\s+(default|constraint)\b/i,
];

/**
 * Migrations allowed to remove something, each with the release that stopped using it (a removal ships only
 * once no instance of the code that used it runs). Empty: no migration has removed anything yet.
 */
const REMOVALS_AFTER_USE: Record<string, string> = {};
const adding = migrations.filter((migration) => !(migration.name in REMOVALS_AFTER_USE));

describe('every migration only adds', () => {
  it.each(adding.map((migration) => [migration.name, migration.sql] as const))('%s removes, renames and retypes nothing', (_name, text) => {
    for (const pattern of REMOVING) expect(text).not.toMatch(pattern);
  });
});

interface Column { table: string; column: string; type: string; nullable: boolean; hasDefault: boolean }

describe.each(testDatabases)('migrations applied one by one on $name', (target) => {
  it('keep every earlier column with its type, and add only columns an old INSERT can leave out', async () => {
    const handle = await target.openUnmigrated();
    onTestFinished(() => handle.close());
    const columns = async (): Promise<Map<string, Column>> => {
      const rows = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
        select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = current_schema()`.execute(handle.db);
      return new Map(rows.rows.map((row) => [`${row.table_name}.${row.column_name}`, {
        table: row.table_name, column: row.column_name, type: row.data_type,
        nullable: row.is_nullable === 'YES', hasDefault: row.column_default !== null,
      }]));
    };
    let before = await columns();
    for (let count = 1; count <= migrations.length; count += 1) {
      await migrate(handle.db, migrations.slice(0, count));
      const after = await columns();
      const name = migrations[count - 1]?.name ?? '';
      if (name in REMOVALS_AFTER_USE) {
        before = after;
        continue;
      }
      for (const [key, column] of before) {
        expect(after.get(key)?.type, `${name} keeps ${key}`).toBe(column.type);
      }
      const tablesBefore = new Set([...before.values()].map((column) => column.table));
      for (const [key, column] of after) {
        if (before.has(key) || !tablesBefore.has(column.table)) continue;
        expect(column.nullable || column.hasDefault, `${name} adds ${key} that an old INSERT can leave out`).toBe(true);
      }
      before = after;
    }
  });
});
