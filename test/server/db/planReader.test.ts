import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import * as entitlements from '../../../src/server/db/entitlements.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { createPlanReader } from '../../../src/server/db/planReader.ts';
import { testDatabases } from '../databases.ts';

describe.each(testDatabases)('the batched plan reader on $name', (target) => {
  async function open(): Promise<DatabaseHandle> {
    const handle = await target.open();
    onTestFinished(() => handle.close());
    await migrate(handle.db);
    const at = new Date();
    await entitlements.savePlan(handle.db, { uid: 'paid-student-1', plan: 'paid', source: 'test', at });
    await entitlements.savePlan(handle.db, { uid: 'revoked-student', plan: 'free', source: 'test', at });
    return handle;
  }

  it('answers each uid with its own plan, and undefined when there is no row', async () => {
    const { db } = await open();
    const readPlan = createPlanReader(db);
    expect(await Promise.all(['paid-student-1', 'revoked-student', 'unknown-student', 'paid-student-1'].map(readPlan)))
      .toEqual(['paid', 'free', undefined, 'paid']);
  });

  it('answers lookups made together with one query, and reads again for later ones', async () => {
    const { db } = await open();
    const findPlans = vi.spyOn(entitlements, 'findPlans');
    onTestFinished(() => findPlans.mockRestore());
    const readPlan = createPlanReader(db);
    await Promise.all(Array.from({ length: 30 }, (_, index) => readPlan(index % 2 ? 'paid-student-1' : `other-${index}`)));
    expect(findPlans).toHaveBeenCalledTimes(1);
    expect(findPlans.mock.calls[0]?.[1]).toHaveLength(16); // each uid asked for once
    await entitlements.savePlan(db, { uid: 'other-0', plan: 'paid', source: 'test', at: new Date() });
    expect(await readPlan('other-0')).toBe('paid');
    expect(findPlans).toHaveBeenCalledTimes(2);
  });

  it('passes a database failure to every caller of the batch', async () => {
    const handle = await open();
    const readPlan = createPlanReader(handle.db);
    await handle.close();
    const results = await Promise.allSettled([readPlan('paid-student-1'), readPlan('revoked-student')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
