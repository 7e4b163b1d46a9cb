// The essay's request state lives in the essay stream's slice, set by its thunk: pending, then succeeded or
// failed with the page's words; leaving the page stops the stream and leaves the request idle at once. The real
// store, the network faked at the HTTP boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootState } from '../../../src/app/store.ts';
import { makeStore } from '../../../src/app/store.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { essayGenerationFailed } from '../../../src/features/essay/index.ts';
import { generateEssay } from '../../../src/features/essay/essayThunks.ts';
import { selectEssayRequest } from '../../../src/features/essay/essayRequests.ts';
import { resultPageLeft } from '../../../src/features/essay/essayStreamSlice.ts';
import { recordActions } from '../../app/actionLog.ts';
import { answerLater, fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sse = (...events: Array<[string, unknown]>) => new Response(
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
  { status: 200, headers: { 'content-type': 'text/event-stream' } },
);

const paid: Partial<RootState> = {
  ...studentAt('result'),
  session: { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null },
};

describe('the essay stream request', () => {
  it('goes pending → succeeded as the stream ends', async () => {
    fakeApi({ 'POST /api/generate-essay': () => sse(['done', { essay: 'The arm dropped the cube.', notes: [], engine: 'offline' }]) });
    const store = makeStore(paid);
    const run = store.dispatch(generateEssay({ variant: 0 }));
    expect(selectEssayRequest(store.getState()).status).toBe('pending');
    await run;
    expect(selectEssayRequest(store.getState())).toMatchObject({ status: 'succeeded', error: null });
    expect(store.getState().essay.generatedEssay).toBe('The arm dropped the cube.');
  });

  it.each([
    ['a 402', json({ error: 'Pay first.', code: 'payment_required' }, 402), MESSAGES.upgradeRequired],
    ['a limit the student hit', json({ error: 'Try again in an hour.', code: 'ai_rate_limited' }, 429), `${MESSAGES.essayFailed} Try again in an hour.`],
    ['any other failure', json({ error: 'down', code: 'ai_upstream_error' }, 502), MESSAGES.essayFailed],
  ])('fails on %s with the page’s words', async (_, response, message) => {
    fakeApi({ 'POST /api/generate-essay': () => response });
    const store = makeStore(paid);
    await store.dispatch(generateEssay({ variant: 0 }));
    expect(selectEssayRequest(store.getState())).toMatchObject({ status: 'failed', error: message });
  });

  it('leaving the page stops the stream and leaves the request idle at once, reporting nothing', async () => {
    const pending = answerLater();
    fakeApi({ 'POST /api/generate-essay': pending.handler });
    const store = makeStore(paid);
    const log = recordActions(store);
    const run = store.dispatch(generateEssay({ variant: 0 }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), CONDITION_WAIT);
    run.abort();
    store.dispatch(resultPageLeft());
    expect(selectEssayRequest(store.getState()).status).toBe('idle');
    // The page opened again at once may start the next.
    const next = store.dispatch(generateEssay({ variant: 0 }));
    expect(selectEssayRequest(store.getState()).status).toBe('pending');
    next.abort();
    await run;
    expect(log.types()).not.toContain(essayGenerationFailed.type);
    expect(selectEssayRequest(store.getState()).error).toBeNull();
  });
});
