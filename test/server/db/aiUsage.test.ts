// One AI call's daily counts in turn, in one statement (countInTurn): each key is counted only while the one
// before it stayed within its figure, concurrent calls never slip past a figure together, on both databases.
import { describe, expect, it, onTestFinished } from 'vitest';
import { countInTurn } from '../../../src/server/db/aiUsage.ts';
import { testDatabases } from '../databases.ts';

const DAY = '2026-03-02';

describe.each(testDatabases)('the AI usage counts on $name', (target) => {
  async function open() {
    const handle = await target.open();
    onTestFinished(() => handle.close());
    return handle.db;
  }
  const stored = async (db: Awaited<ReturnType<typeof open>>) => Object.fromEntries(
    (await db.selectFrom('ai_usage').select(['key', 'count']).where('day', '=', DAY).execute()).map((row) => [row.key, row.count]),
  );

  it('counts each key in turn and stops counting after the first over its figure', async () => {
    const db = await open();
    const steps = [{ key: 'free', max: 2 }, { key: 'network', max: 10 }, { key: 'all', max: 100 }];
    expect(await countInTurn(db, DAY, steps)).toEqual([1, 1, 1]);
    expect(await countInTurn(db, DAY, steps)).toEqual([2, 2, 2]);
    // The third free call is over its figure: counted there, and nowhere after it.
    expect(await countInTurn(db, DAY, steps)).toEqual([3, null, null]);
    expect(await countInTurn(db, DAY, steps.slice(1))).toEqual([3, 3]);
    expect(await stored(db)).toEqual({ free: 3, network: 3, all: 3 });
  });

  it('lets exactly a figure\'s worth of calls made at once through', async () => {
    const db = await open();
    const steps = [{ key: 'network', max: 5 }, { key: 'all', max: 100 }];
    const counts = await Promise.all(Array.from({ length: 12 }, () => countInTurn(db, DAY, steps)));
    expect(counts.filter(([network]) => network !== null && network !== undefined && network <= 5)).toHaveLength(5);
    expect(await stored(db)).toEqual({ network: 12, all: 5 });
  });
});
