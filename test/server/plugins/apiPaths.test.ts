// The API's headers follow the path the server understands, not the URL's spelling: every spelling of an API
// path, refused or answered, carries `Cache-Control: no-store`, and a percent-encoded slash is refused with 400.
// Sent over a real socket, because the test client (light-my-request) would tidy dot segments away first.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { rawRequest } from '../http/rawRequest.ts';

const SPELLINGS_OF_WHOAMI = [
  '/api/whoami', '/%61pi/whoami', '/%61%70%69/%77hoami', '/api/../api/whoami', '/api/./whoami',
  '/api/%2e%2e/api/whoami', '/x/../api/whoami', '//api/whoami', '/API/whoami', '/api//whoami',
];

describe.each(testDatabases)('headers by the path the server understands, on $name', (target) => {
  async function listening() {
    const { app } = await buildTestApp(target);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  it('answers every spelling of an API path with Cache-Control: no-store', async () => {
    const app = await listening();
    for (const path of SPELLINGS_OF_WHOAMI) {
      const answer = await rawRequest(app, 'GET', path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('refuses a percent-encoded slash with 400', async () => {
    const app = await listening();
    for (const path of ['/api%2Fwhoami', '/api/forms%2fme', '/%61pi%5Cwhoami']) {
      const answer = await rawRequest(app, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'encoded_slash' });
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });
});
