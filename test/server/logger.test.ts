import { describe, expect, it } from 'vitest';
import { testDatabases } from './databases.ts';
import { buildTestApp } from './helper.ts';
import { testRoute } from './limits/testRouteBudget.ts';

describe.each(testDatabases)('request logs on $name', (target) => {
  it('hold method, path, status and time, and never an e-mail, essay or profile text', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp(target, { env: { LOG_LEVEL: 'info' }, logger: { write: (line) => lines.push(line) } });
    app.post('/api/test/profile', testRoute, async (request) => {
      request.log.info({ body: request.body, email: 'log-me@example.com' }, 'handler saw student@example.com');
      throw new Error('could not save profile of student@example.com');
    });
    await app.inject({
      method: 'POST',
      url: '/api/test/profile?user_email=student%40example.com&user_id=abc',
      headers: { cookie: 'sid=secret-session', authorization: 'Bearer admin-secret' },
      payload: { basicInfo: { email: 'student@example.com' }, essay: 'My grandmother taught me patience.' },
    });
    await app.inject({ method: 'GET', url: '/api/referrals/info?user_id=u1&user_email=other@example.org' });

    const log = lines.join('');
    expect(log).toContain('"path":"/api/test/profile"');
    expect(log).toContain('"method":"POST"');
    expect(log).toContain('"statusCode":500');
    expect(log).toContain('"responseTime"');
    expect(log).toContain('"path":"/api/referrals/info"');
    for (const secret of ['student@example.com', 'student%40example.com', 'other@example.org', 'log-me@example.com',
      'grandmother', 'secret-session', 'admin-secret', 'user_email']) {
      expect(log).not.toContain(secret);
    }
  });

  it('keep the package paths of a stack trace, which look like addresses, and the path a refused request was sent to', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp(target, { env: { LOG_LEVEL: 'info' }, logger: { write: (line) => lines.push(line) } });
    app.get('/api/test/fails', testRoute, async () => {
      const error = new Error('the database refused student@example.com');
      error.stack = `Error: the database refused student@example.com
    at query (/srv/app/node_modules/@electric-sql/pglite/dist/index.js:3:7)
    at Object.fastifyCookieHandler (/srv/app/node_modules/@fastify/cookie/plugin.js:88:7)`;
      throw error;
    });
    expect((await app.inject({ method: 'GET', url: '/api/test/fails' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/%61pi/whoami' })).statusCode).toBe(404);

    const log = lines.join('');
    expect(log).toContain('node_modules/@electric-sql/pglite/dist/index.js:3:7');
    expect(log).toContain('node_modules/@fastify/cookie/plugin.js:88:7');
    expect(log).not.toContain('student@example.com');
    expect(log).toContain('"path":"/%61pi/whoami"');
  });
});
