// inOneTransaction on both databases: every query made through the database meanwhile joins the one
// transaction (on PGlite without waiting on itself), a transaction opened inside is a savepoint, a failure
// anywhere undoes all of it, and the connection is given back however it ended.
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { inOneTransaction } from '../../../src/server/db/oneTransaction.ts';
import { testDatabases } from '../databases.ts';

describe.each(testDatabases)('one transaction around a piece of work on $name', (target) => {
  async function open() {
    const handle = await target.open();
    onTestFinished(() => handle.close());
    const { db } = handle;
    const names = async () => (await db.selectFrom('maintenance_leases').select('name').orderBy('name').execute()).map((row) => row.name);
    const add = (name: string) => db.insertInto('maintenance_leases').values({ name, held_until: new Date() }).execute();
    return { db, names, add };
  }

  it('commits what the work wrote through the database, inner transactions as savepoints', async () => {
    const { db, names, add } = await open();
    await inOneTransaction(db, async (trx) => {
      await trx.insertInto('maintenance_leases').values({ name: 'outer', held_until: new Date() }).execute();
      await add('through db');
      await db.transaction().execute(async (inner) => {
        await inner.insertInto('maintenance_leases').values({ name: 'inner kept', held_until: new Date() }).execute();
      });
      await db.transaction().execute(async (inner) => {
        await inner.insertInto('maintenance_leases').values({ name: 'inner undone', held_until: new Date() }).execute();
        throw new Error('undo the inner one');
      }).catch(() => undefined);
      // Inside, the work sees its own writes.
      expect(await names()).toEqual(['inner kept', 'outer', 'through db']);
    });
    expect(await names()).toEqual(['inner kept', 'outer', 'through db']);
    // And afterwards, queries take connections as usual.
    await add('after');
    expect(await names()).toContain('after');
  });

  it('undoes everything when the work fails, and gives the connection back', async () => {
    const { db, names, add } = await open();
    await expect(inOneTransaction(db, async () => {
      await add('written');
      await db.transaction().execute(async (inner) => {
        await inner.insertInto('maintenance_leases').values({ name: 'inner', held_until: new Date() }).execute();
      });
      throw new Error('the work failed');
    })).rejects.toThrow('the work failed');
    expect(await names()).toEqual([]);
    // A failing statement aborts the transaction; it is rolled back and the connection lent again.
    await expect(inOneTransaction(db, async () => {
      await sql`select 1 / 0`.execute(db);
    })).rejects.toThrow(/division by zero/);
    for (let n = 0; n < 12; n += 1) await inOneTransaction(db, async () => add(`n${n}`));
    expect(await names()).toHaveLength(12);
  });

  it('keeps other work outside: a query not in the work waits for the commit and sees it whole', async () => {
    const { db, names, add } = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const work = inOneTransaction(db, async () => {
      await add('first');
      await held;
      await add('second');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = names();
    release();
    await work;
    const seen = await outside;
    // PostgreSQL reads what was committed when the read ran (none yet); PGlite waits for the session: both.
    expect([[], ['first', 'second']]).toContainEqual(seen);
  });
});
