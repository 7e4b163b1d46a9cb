// The follow-up questions' request state lives in the follow-up slice, set by its thunk: pending, then
// succeeded or failed with the page's words; a page left mid-request never leaves it pending for good. The real
// store, the network faked at the HTTP boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { questionsGenerationFailed } from '../../../src/features/followup/index.ts';
import { generateQuestions } from '../../../src/features/followup/followupThunks.ts';
import { selectQuestionsRequest } from '../../../src/features/followup/followupRequests.ts';
import { followupPageLeft } from '../../../src/features/followup/followupSlice.ts';
import { recordActions } from '../../app/actionLog.ts';
import { answerLater, fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the follow-up questions request', () => {
  const atFollowup = () => makeStore({ ...studentAt('followup'), followup: { followUpQuestions: [], followUpResponses: {} } });

  it('goes pending → failed with the page’s words, the seven defaults in place and the failure reported once', async () => {
    const pending = answerLater();
    fakeApi({ 'POST /api/followup-questions': pending.handler });
    const store = atFollowup();
    const log = recordActions(store);
    const run = store.dispatch(generateQuestions({ variant: 0 }));
    expect(selectQuestionsRequest(store.getState())).toMatchObject({ status: 'pending', error: null });
    pending.answer(json({ error: 'down', code: 'ai_upstream_error' }, 502));
    await run;
    expect(selectQuestionsRequest(store.getState())).toMatchObject({ status: 'failed', error: MESSAGES.questionsFailed });
    expect(store.getState().followup.followUpQuestions).toEqual([...DEFAULT_FOLLOWUP_QUESTIONS]);
    expect(log.types().filter((type) => type === questionsGenerationFailed.type)).toHaveLength(1);
  });

  it('a page left mid-request keeps it pending until the questions arrive, and starts no second one meanwhile', async () => {
    const pending = answerLater();
    const api = fakeApi({ 'POST /api/followup-questions': pending.handler });
    const store = atFollowup();
    const run = store.dispatch(generateQuestions({ variant: 0 }));
    store.dispatch(followupPageLeft());
    expect(selectQuestionsRequest(store.getState()).status).toBe('pending');
    // The page opened again asks on entry: skipped, one is on its way.
    await store.dispatch(generateQuestions({ variant: 0 }));
    expect(api.calls).toHaveLength(1);
    pending.answer(json({ questions: ['Who was there?'] }));
    await run;
    expect(selectQuestionsRequest(store.getState()).status).toBe('succeeded');
    expect(store.getState().followup.followUpQuestions).toEqual(['Who was there?']);
    store.dispatch(followupPageLeft());
    expect(selectQuestionsRequest(store.getState()).status).toBe('idle');
  });
});
