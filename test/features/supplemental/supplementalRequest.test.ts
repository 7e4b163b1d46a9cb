// A supplemental essay's request state lives in the supplemental slice, set by its thunk: pending, then
// succeeded or failed with the page's words. A request is never cut short by leaving the page (each counts
// against the day's quota): it settles when the essay arrives. The real store, the network faked at the HTTP
// boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { generateSupplemental } from '../../../src/features/supplemental/supplementalThunks.ts';
import { selectSupplementalRequest } from '../../../src/features/supplemental/supplementalRequests.ts';
import { supplementalPageLeft } from '../../../src/features/supplemental/supplementalSlice.ts';
import { answerLater, fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the supplemental essay request', () => {
  const ask = { prompt: 'Why us?', wordCount: 150 };

  it.each([
    ['a used-up daily quota, in the server’s words', json({ error: 'Up to 10 a day.', code: 'supplemental_quota' }, 429), 'Up to 10 a day.'],
    ['anything else, as essayFailed', json({ error: 'down', code: 'ai_upstream_error' }, 502), MESSAGES.essayFailed],
  ])('goes pending → failed: %s', async (_, response, message) => {
    fakeApi({ 'POST /api/supplemental-essay': () => response });
    const store = makeStore(studentAt('essay-type'));
    const run = store.dispatch(generateSupplemental(ask));
    expect(selectSupplementalRequest(store.getState()).status).toBe('pending');
    await run;
    expect(selectSupplementalRequest(store.getState())).toMatchObject({ status: 'failed', error: message });
  });

  it('is never cut short by leaving the page: the essay still arrives and the request settles', async () => {
    const pending = answerLater();
    const api = fakeApi({ 'POST /api/supplemental-essay': pending.handler });
    const store = makeStore(studentAt('essay-type'));
    const run = store.dispatch(generateSupplemental(ask));
    store.dispatch(supplementalPageLeft());
    await store.dispatch(generateSupplemental(ask));
    expect(api.calls).toHaveLength(1);
    pending.answer(json({ essay: 'Because of the lab.', engine: 'offline', quota: { limit: 10, remaining: 9 } }));
    await run;
    expect(selectSupplementalRequest(store.getState()).status).toBe('succeeded');
    expect(store.getState().supplemental.supplementalEssays).toEqual([{ prompt: 'Why us?', wordCount: 150, generatedEssay: 'Because of the lab.' }]);
  });
});
