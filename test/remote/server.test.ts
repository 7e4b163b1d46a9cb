import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverBackend } from '../../src/remote/index.ts';
import { contractWorkerStandIn } from '../setup/contractWorker.ts';
import { fakeApi, json } from '../app/fakeApi.ts';
import { fullDocument } from '../app/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the server backend’s form document', () => {
  it('reads /api/forms/me', async () => {
    fakeApi({ 'GET /api/forms/me': () => json({ document: fullDocument(), revision: 4, updatedAt: '2026-03-01T12:00:00.000Z' }) });
    expect(await serverBackend.loadDocument()).toEqual({ document: fullDocument(), revision: 4 });
  });

  it('writes with the base revision and answers the new one', async () => {
    const api = fakeApi({ 'PUT /api/forms/me': () => json({ revision: 5, updatedAt: '2026-03-01T12:00:00.000Z' }) });
    expect(await serverBackend.saveDocument(fullDocument(), 4)).toEqual({ ok: true, revision: 5 });
    const [call] = api.callsTo('PUT /api/forms/me');
    expect(JSON.parse(String(call?.init.body))).toEqual({ document: fullDocument(), baseRevision: 4 });
  });

  it('turns a 409 into the server’s current copy', async () => {
    const current = { document: { ...fullDocument(), generatedEssay: 'Theirs.' }, revision: 6, updatedAt: '2026-03-01T12:00:00.000Z' };
    fakeApi({ 'PUT /api/forms/me': () => json({ error: 'stale', code: 'stale_revision', current }, 409) });
    expect(await serverBackend.saveDocument(fullDocument(), 4))
      .toEqual({ ok: false, current: { document: current.document, revision: 6 } });
  });

  it('passes a 409 on as the failure it is when its body cannot be checked (the contract\'s worker failed)', async () => {
    // The worker answers the client's check of the error body, then fails before the conflict's check.
    vi.stubGlobal('Worker', contractWorkerStandIn(1));
    vi.resetModules();
    const { serverBackend: backend } = await import('../../src/remote/index.ts');
    const current = { document: fullDocument(), revision: 6, updatedAt: '2026-03-01T12:00:00.000Z' };
    fakeApi({ 'PUT /api/forms/me': () => json({ error: 'stale', code: 'stale_revision', current }, 409) });
    await expect(backend.saveDocument(fullDocument(), 4)).rejects.toMatchObject({ status: 409, code: 'stale_revision' });
  });

  it('rejects with the ApiError of any other failure, once (the sync does its own retries)', async () => {
    const api = fakeApi({ 'PUT /api/forms/me': () => json({ error: 'too large', code: 'document_too_large' }, 413) });
    await expect(serverBackend.saveDocument(fullDocument(), 0)).rejects.toMatchObject({ status: 413, code: 'document_too_large' });
    const failing = fakeApi({ 'GET /api/forms/me': () => json({ error: 'down', code: 'unavailable' }, 503) });
    await expect(serverBackend.loadDocument()).rejects.toMatchObject({ status: 503 });
    expect(failing.calls).toHaveLength(1);
    expect(api.calls).toHaveLength(1);
  });

  it('resets with DELETE', async () => {
    const api = fakeApi({ 'DELETE /api/forms/me': () => json({ revision: 7, updatedAt: '2026-03-01T12:00:00.000Z' }) });
    expect(await serverBackend.resetDocument()).toEqual({ revision: 7 });
    expect(api.calls).toHaveLength(1);
  });
});
