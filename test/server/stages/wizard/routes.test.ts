import { describe, expect, it } from 'vitest';
import { FORM_DOCUMENT_MAX_BYTES } from '../../../../src/common/limits/limits.ts';
import { type FormDocument } from '../../../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../../../../src/common/questionnaire/formDocumentDefaults.ts';
import { fullDocument } from '../../../app/fixtures.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { useRevisionedDocumentRoutes } from '../../revisionedDocumentRoutes.ts';

const URL = '/api/forms/me';

describe.each(testDatabases)('/api/forms/me on $name', (target) => {
  const setup = useRevisionedDocumentRoutes(target, URL, new Date('2026-03-01T12:00:00Z'));

  it('answers no document at revision 0 for a new session', async () => {
    const { get } = await setup();
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ document: null, revision: 0, updatedAt: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores a document as JSONB and counts revisions', async () => {
    const { get, put, tick, database, uid } = await setup();
    const first = await put(fullDocument(), 0);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ revision: 1, updatedAt: '2026-03-01T12:00:00.000Z' });
    tick(1000);
    const changed: FormDocument = { ...fullDocument(), basicInfo: { fullName: 'Maya C.', email: 'maya@example.com' } };
    expect((await put(changed, 1)).json()).toEqual({ revision: 2, updatedAt: '2026-03-01T12:00:01.000Z' });
    expect((await get()).json()).toEqual({ document: changed, revision: 2, updatedAt: '2026-03-01T12:00:01.000Z' });
    const row = await database.db.selectFrom('forms').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(row.document).toEqual(changed); // a JSON object in the jsonb column, not a string
    expect(row.revision).toBe(2);
  });

  it('refuses a stale write with 409 and the server’s current document and revision', async () => {
    const { get, put } = await setup();
    await put(fullDocument(), 0);
    const fromOtherTab = { ...fullDocument(), generatedEssay: 'Another tab wrote this.' };
    await put(fromOtherTab, 1);
    const stale = await put(emptyFormDocument(), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_revision',
      current: { document: fromOtherTab, revision: 2, updatedAt: expect.any(String) },
    });
    // A "first" write when a document already exists is just as stale.
    expect((await put(emptyFormDocument(), 0)).statusCode).toBe(409);
    // A revision from the future too: nothing was changed by either.
    expect((await put(emptyFormDocument(), 7)).statusCode).toBe(409);
    expect((await get()).json()).toMatchObject({ document: fromOtherTab, revision: 2 });
  });

  it('lets exactly one of two writes based on the same revision through', async () => {
    const { put } = await setup();
    await put(fullDocument(), 0);
    const results = await Promise.all([
      put({ ...fullDocument(), generatedEssay: 'one' }, 1),
      put({ ...fullDocument(), generatedEssay: 'two' }, 1),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 413 to a document over 256 KB, before checking the contract', async () => {
    const { put, get } = await setup();
    const huge = { ...emptyFormDocument(), generatedEssay: 'x'.repeat(FORM_DOCUMENT_MAX_BYTES) };
    const response = await put(huge, 0);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'document_too_large', error: 'The form document is too large: the limit is 256 KB.' });
    const hugeBody = await put({ junk: 'y'.repeat(FORM_DOCUMENT_MAX_BYTES * 2) }, 0);
    expect(hugeBody.statusCode).toBe(413);
    expect(hugeBody.json()).toMatchObject({ code: 'payload_too_large', error: expect.stringContaining('512 KB') });
    expect((await get()).json()).toMatchObject({ revision: 0 });
  });

  it('holds the largest profile the questionnaire lets a student enter', async () => {
    const { put } = await setup();
    const doc = fullDocument();
    doc.personalInsights = {
      happy: 'h'.repeat(500), roleModel: 'r'.repeat(500), lesson: 'l'.repeat(500), hobby: 'o'.repeat(500),
      unique: 'u'.repeat(500), writingSample: { title: 't'.repeat(300), text: 'w'.repeat(2000) },
    };
    doc.activitiesAndInvolvement.activities = Array.from({ length: 30 }, () => ({
      category: 'other', otherCategory: 'c'.repeat(300), years: ['9th', '10th', '11th', '12th'],
      leadership: 'l'.repeat(300), description: 'd'.repeat(5000), hoursPerWeek: '10+',
    }));
    expect((await put(doc, 0)).statusCode).toBe(200);
  });

  it('answers 400 naming the field when the document breaks the contract', async () => {
    const { put } = await setup();
    const bad = { ...fullDocument(), basicInfo: { fullName: 42, email: 'maya@example.com' } };
    const response = await put(bad, 0);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('body.document.basicInfo.fullName') });
    const noRevision = await put(fullDocument(), -1);
    expect(noRevision.json()).toMatchObject({ error: expect.stringContaining('body.baseRevision') });
  });

  it('DELETE clears the server copy but keeps counting, so a stale write from another tab still conflicts', async () => {
    const { put, get, reset } = await setup();
    expect((await reset()).json()).toEqual({ revision: 0, updatedAt: null }); // nothing stored yet
    await put(fullDocument(), 0);
    const cleared = await reset();
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ revision: 2 });
    expect((await get()).json()).toMatchObject({ document: null, revision: 2 });
    expect((await put(fullDocument(), 1)).statusCode).toBe(409);
    expect((await put(emptyFormDocument(), 2)).json()).toMatchObject({ revision: 3 });
  });

  it('keeps every browser to its own document, and needs a session', async () => {
    const { app, put } = await setup();
    await put(fullDocument(), 0);
    const other = await startSession(app);
    const theirs = await app.inject({ method: 'GET', url: URL, headers: { cookie: other.cookie } });
    expect(theirs.json()).toEqual({ document: null, revision: 0, updatedAt: null });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({
        method, url: URL, headers: { origin: TEST_ORIGIN },
        ...(method === 'PUT' ? { payload: { document: fullDocument(), baseRevision: 0 } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'User not authenticated', code: 'not_authenticated' });
    }
  });

  it('refuses a cross-site write', async () => {
    const { app, cookie } = await setup();
    const response = await app.inject({
      method: 'PUT', url: URL, headers: { cookie, origin: 'https://evil.example' },
      payload: { document: fullDocument(), baseRevision: 0 },
    });
    expect(response.statusCode).toBe(403);
  });
});
