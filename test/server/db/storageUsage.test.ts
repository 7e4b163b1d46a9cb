// The daily storage counters on each database: concurrent spends never pass a figure together, a spend over
// any of its keys adds to none, figures larger than an integer hold (a network of many students), and the days
// before today are forgotten.
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.ts';
import { forgetDaysBefore, readDaily, spendDaily } from '../../../src/server/db/storageUsage.ts';
import { testDatabases } from '../databases.ts';

const DAY = '2026-03-02';

describe.each(testDatabases)('storage_usage on $name', (target) => {
  const open = async () => {
    const handle = await target.open();
    onTestFinished(() => handle.close());
    await migrate(handle.db);
    return handle.db;
  };

  it('lets exactly the figure through when many spends race for it', async () => {
    const db = await open();
    const limit = { bytes: 1000, rows: 10 };
    const answers = await Promise.all(Array.from({ length: 25 }, () => spendDaily(db, DAY, [{ key: 'k', limit }], { bytes: 10, rows: 1 })));
    expect(answers.filter((answer) => answer === null)).toHaveLength(10);
    expect(await readDaily(db, DAY, 'k')).toEqual({ bytes: 100, rows: 10 });
  });

  it('adds to no key when one of them is full, and names that one', async () => {
    const db = await open();
    const browser = { key: 'browser', limit: { bytes: 100, rows: 100 } };
    const network = { key: 'network', limit: { bytes: 150, rows: 100 } };
    expect(await spendDaily(db, DAY, [browser, network], { bytes: 100, rows: 1 })).toBeNull();
    expect(await spendDaily(db, DAY, [{ ...browser, key: 'classmate' }, network], { bytes: 60, rows: 1 })).toBe(1);
    expect(await readDaily(db, DAY, 'classmate')).toEqual({ bytes: 0, rows: 0 });
    expect(await spendDaily(db, DAY, [browser, network], { bytes: 1, rows: 1 })).toBe(0);
    expect(await spendDaily(db, DAY, [browser], { bytes: 101, rows: 1 })).toBe(0);
    expect(await readDaily(db, DAY, 'network')).toEqual({ bytes: 100, rows: 1 });
  });

  it('holds figures past an integer, and forgets the days before today', async () => {
    const db = await open();
    const huge = { bytes: 5e13, rows: 5e9 };
    expect(await spendDaily(db, '2026-03-01', [{ key: 'school', limit: huge }], { bytes: 3_000_000_000, rows: 3 })).toBeNull();
    expect(await spendDaily(db, '2026-03-01', [{ key: 'school', limit: huge }], { bytes: 3_000_000_000, rows: 3 })).toBeNull();
    expect(await readDaily(db, '2026-03-01', 'school')).toEqual({ bytes: 6_000_000_000, rows: 6 });
    expect(await spendDaily(db, DAY, [{ key: 'school', limit: huge }], { bytes: 1, rows: 1 })).toBeNull();
    await forgetDaysBefore(db, DAY);
    expect(await readDaily(db, '2026-03-01', 'school')).toEqual({ bytes: 0, rows: 0 });
    expect(await readDaily(db, DAY, 'school')).toEqual({ bytes: 1, rows: 1 });
  });
});
