import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';

describe.each(testDatabases)('GET /api/health on $name', (target) => {
  it('is ok when the database answers', async () => {
    const { app } = await buildTestApp(target);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is 503 when the database does not', async () => {
    const { app, database } = await buildTestApp(target);
    await app.ready();
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The database is not answering.', code: 'database_unavailable' });
  });
});
