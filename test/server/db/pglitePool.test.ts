import { type Kysely, sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type DatabaseHandle, openPglite } from '../../../src/server/db/connection.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { freshPglite } from '../databases.ts';

// A scratch table outside the app's schema, to watch how transactions interleave.
type CounterDb = Database & { counter: { id: number; value: number } };

async function openCounter(): Promise<{ handle: DatabaseHandle; db: Kysely<CounterDb> }> {
  const handle = openPglite(await freshPglite());
  onTestFinished(() => handle.close());
  const db = handle.db as unknown as Kysely<CounterDb>;
  await sql`create table counter (id integer primary key, value integer not null)`.execute(db);
  await db.insertInto('counter').values({ id: 1, value: 0 }).execute();
  return { handle, db };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite behind the one-connection pool', () => {
  it('serialises 20 concurrent read-modify-write transactions: no lost update, no nested BEGIN', async () => {
    const { db } = await openCounter();
    await Promise.all(Array.from({ length: 20 }, (_, index) =>
      db.transaction().execute(async (trx) => {
        const { value } = await trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
        await pause(index % 3); // give another request every chance to slip in between read and write
        await trx.updateTable('counter').set({ value: value + 1 }).where('id', '=', 1).execute();
      })));
    const { value } = await db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(value).toBe(20);
  });

  it('lets lone queries wait their turn behind a transaction', async () => {
    const { db } = await openCounter();
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ value: 5 }).execute();
      await pause(20);
      order.push('transaction');
    });
    const read = db.selectFrom('counter').select('value').executeTakeFirstOrThrow().then((row) => {
      order.push('read');
      return row.value;
    });
    expect(await read).toBe(5);
    await transaction;
    expect(order).toEqual(['transaction', 'read']);
  });

  it('rolls back a failed transaction and frees the connection for the next one', async () => {
    const { db } = await openCounter();
    await expect(db.transaction().execute(async (trx) => {
      await trx.updateTable('counter').set({ value: 99 }).execute();
      throw new Error('handler failed');
    })).rejects.toThrow('handler failed');
    const { value } = await db.selectFrom('counter').select('value').executeTakeFirstOrThrow();
    expect(value).toBe(0);
  });

  it('reports affected rows and parses integers as numbers', async () => {
    const { db } = await openCounter();
    const result = await db.updateTable('counter').set({ value: 3 }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
    const { rows } = await sql<{ total: number }>`select count(*) as total from counter`.execute(db);
    expect(rows).toEqual([{ total: 1 }]);
  });

  it('closes only after queries in flight finish, and refuses new ones', async () => {
    const { handle, db } = await openCounter();
    const slow = db.transaction().execute(async (trx) => {
      await pause(30);
      return trx.selectFrom('counter').select('value').executeTakeFirstOrThrow();
    });
    const closed = handle.close();
    await expect(slow).resolves.toEqual({ value: 0 });
    await closed;
    await expect(db.selectFrom('counter').selectAll().execute()).rejects.toThrow(/destroyed|closed/);
  });
});

describe('queries with parameters on PGlite', () => {
  it('pass values the way node-postgres does: dates, JSON, arrays, nulls, booleans', async () => {
    const { db } = await openCounter();
    const at = new Date('2026-02-03T04:05:06.789Z');
    const { rows } = await sql<Record<string, unknown>>`select ${at}::timestamptz as at, ${{ a: [1, 'x'] }}::jsonb as doc,
      ${['a', 'b "c"', null]}::text[] as list, ${null}::text as nothing, ${true}::boolean as yes, ${7}::integer as n`.execute(db);
    expect(rows).toEqual([{ at, doc: { a: [1, 'x'] }, list: ['a', 'b "c"', null], nothing: null, yes: true, n: 7 }]);
  });

  it('reuses a prepared statement, and recovers after errors', async () => {
    const { db } = await openCounter();
    const read = (id: number) => db.selectFrom('counter').select('value').where('id', '=', id).executeTakeFirst();
    for (let round = 0; round < 8; round += 1) expect(await read(1)).toEqual({ value: 0 });
    expect(await read(2)).toBeUndefined();
    const insert = (id: number) => db.insertInto('counter').values({ id, value: 1 }).execute();
    await expect(insert(1)).rejects.toThrow(/duplicate key/);
    await insert(2);
    await expect(sql`select no_such_column from counter where id = ${1}`.execute(db)).rejects.toThrow(/does not exist/);
    expect(await read(2)).toEqual({ value: 1 });
  });
});
