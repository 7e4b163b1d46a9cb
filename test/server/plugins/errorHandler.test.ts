import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { HttpError } from '../../../src/server/http/errors.ts';
import { supplementalEssayRequestSchema } from '../../../src/common/contract/contract.ts';
import { testDatabases } from '../databases.ts';
import { testRoute } from '../limits/testRouteBudget.ts';
import { useTestApp } from '../useTestApp.ts';

/** Test-only routes that exercise the contract's schemas and the error paths. */
function addProbeRoutes(app: App): void {
  app.post('/api/test/echo', {
    ...testRoute,
    schema: {
      body: z.strictObject({
        email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be a valid email address'),
        wordCount: z.number().int().min(50),
        tags: z.array(z.string().min(1)).max(2).optional(),
      }),
    },
  }, async (request) => request.body);
  app.post('/api/test/supplemental', { ...testRoute, schema: { body: supplementalEssayRequestSchema.pick({ wordCount: true, essayPrompt: true }) } }, async () => ({ ok: true }));
  app.get('/api/test/boom', testRoute, async () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2');
  });
  app.get('/api/test/teapot', testRoute, async () => {
    throw new HttpError(418, 'teapot', 'I am a teapot.', { 'x-brewed': 'yes' });
  });
}

describe.each(testDatabases)('the error handler on $name', (target) => {
  const testApp = useTestApp(target, { env: { BODY_LIMIT_BYTES: String(1024 * 1024) }, extend: addProbeRoutes });
  async function probe() {
    return testApp().app;
  }

  const post = (url: string, payload: unknown) => ({ method: 'POST' as const, url, payload: payload as object });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const app = await probe();
    const response = await app.inject({
      method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('names each wrong field and says what it must be', async () => {
    const app = await probe();
    const response = await app.inject(post('/api/test/echo', { email: 'not an email', wordCount: 10 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'body.email: must be a valid email address; body.wordCount: must be at least 50',
      code: 'invalid_request',
    });
  });

  it('reports wrong types, missing fields and list items readably', async () => {
    const app = await probe();
    const response = await app.inject(post('/api/test/echo', { wordCount: 'many', tags: ['a', ''] }));
    expect(response.json().error).toBe('body.email: is required; body.wordCount: must be a number; body.tags[1]: must not be empty');
    const tooMany = await app.inject(post('/api/test/echo', { email: 'a@b.co', wordCount: 50, tags: ['a', 'b', 'c'] }));
    expect(tooMany.json().error).toBe('body.tags: must have at most 2 items');
  });

  it('keeps the contract\'s own messages', async () => {
    const app = await probe();
    const response = await app.inject(post('/api/test/supplemental', { essayPrompt: ' ', wordCount: 12.5 }));
    expect(response.json().error.split('; ').sort()).toEqual(['body.essayPrompt: is required', 'body.wordCount: must be a whole number']);
  });

  it('refuses unknown fields by name', async () => {
    const app = await probe();
    const response = await app.inject(post('/api/test/echo', { email: 'a@b.co', wordCount: 60, foo: 1, bar: 2 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("body: unrecognized field 'foo'; body: unrecognized field 'bar'");
  });

  it('accepts a body of 256 KB and refuses one of 2 MB with 413', async () => {
    const app = await probe();
    const big = (bytes: number) => ({ email: 'a@b.co', wordCount: 60, tags: ['x'.repeat(bytes)] });
    expect((await app.inject(post('/api/test/echo', big(256 * 1024)))).statusCode).toBe(200);
    const response = await app.inject(post('/api/test/echo', big(2 * 1024 * 1024)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large: the limit is 1 MB.', code: 'payload_too_large' });
  });

  it('refuses a body type it cannot read with 415', async () => {
    const app = await probe();
    const response = await app.inject({
      method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers unknown /api paths with a JSON 404, whatever the method', async () => {
    const app = await probe();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/thing', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: 'There is nothing at this address.', code: 'not_found' });
    }
  });

  it('hides everything about an unexpected error behind a 500', async () => {
    const app = await probe();
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'internal' });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|stack|at /);
  });

  it('sends an HttpError as it is, with its headers', async () => {
    const app = await probe();
    const response = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.headers['x-brewed']).toBe('yes');
    expect(response.json()).toEqual({ error: 'I am a teapot.', code: 'teapot' });
  });
});
