// The start-up warm-up runs real saves and reads through the app, then leaves nothing behind: no form row, no
// request counted against any real client's rate limit.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { warmUp } from '../../../src/server/lifecycle/warmUp.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';

describe.each(testDatabases)('warm-up on $name', (target) => {
  it('acknowledges its saves, deletes its form row and charges no real client network', async () => {
    const { app, database } = await buildTestApp(target, { env: { RATE_LIMIT_MAX: '130' } });
    await app.ready();

    expect(await warmUp(app, database)).toBe(40);

    const rows = await sql<{ count: number }>`select count(*)::int as count from forms`.execute(database.db);
    expect(rows.rows[0]?.count).toBe(0);
    // The 121 warm-up requests counted against an address no client has, not against this client's 130.
    for (let index = 0; index < 130; index += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/whoami' })).statusCode).toBe(200);
    }
  });
});
