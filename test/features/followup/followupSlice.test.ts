import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import {
  answerChanged, questionsGenerationFailed, questionsReceived, selectAnsweredCount, selectFollowUpAnswer,
  selectFollowUpQuestions,
} from '../../../src/features/followup/index.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { fullDocument } from '../../app/fixtures.ts';

describe('followup slice', () => {
  it('answerChanged keeps each answer under its question and counts only non-blank ones', () => {
    const store = makeStore();
    store.dispatch(answerChanged({ question: 'Why?', answer: 'Because.' }));
    store.dispatch(answerChanged({ question: 'How?', answer: '  ' }));
    expect(selectFollowUpAnswer(store.getState(), 'Why?')).toBe('Because.');
    expect(selectFollowUpAnswer(store.getState(), 'Never asked?')).toBe('');
    expect(selectAnsweredCount(store.getState())).toBe(1);
  });

  it('takes questions from this device but not from the remote', () => {
    const fromDevice = makeStore();
    fromDevice.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'device' }));
    expect(selectFollowUpQuestions(fromDevice.getState())).toEqual(fullDocument().followUpQuestions);

    const fromRemote = makeStore();
    fromRemote.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'remote' }));
    expect(selectFollowUpQuestions(fromRemote.getState())).toEqual([]);
    expect(fromRemote.getState().followup.followUpResponses).toEqual(fullDocument().followUpResponses);
  });

  it('empties on reset', () => {
    const store = makeStore();
    store.dispatch(answerChanged({ question: 'Why?', answer: 'Because.' }));
    store.dispatch(formReset());
    expect(store.getState().followup).toEqual({ followUpQuestions: [], followUpResponses: {} });
  });

  it('keeps only the answers to the questions shown when new questions replace them', () => {
    const shown = ['What moment inspired you?', 'Who helped you?'];
    const store = makeStore({
      followup: { followUpQuestions: shown, followUpResponses: { [shown[0] as string]: 'The last match.', [shown[1] as string]: 'My aunt.' } },
    });
    store.dispatch(questionsReceived({ questions: ['Who helped you?', 'What changed?'], variant: 1 }));
    expect(store.getState().followup.followUpResponses).toEqual({ 'Who helped you?': 'My aunt.' });
    const first = DEFAULT_FOLLOWUP_QUESTIONS[0];
    store.dispatch(answerChanged({ question: first, answer: 'Kept.' }));
    store.dispatch(questionsGenerationFailed({ name: 'internal', message: 'failed', context: 'generate_questions', page: 'followup' }));
    expect(store.getState().followup.followUpResponses).toEqual({ [first]: 'Kept.' });
  });

  it('keeps the answers restored from the server when a new device first gets its questions', () => {
    const store = makeStore({ followup: { followUpQuestions: [], followUpResponses: { 'Asked on the laptop?': 'Yes.' } } });
    store.dispatch(questionsReceived({ questions: ['Asked on the phone?'], variant: 0 }));
    expect(store.getState().followup.followUpResponses).toEqual({ 'Asked on the laptop?': 'Yes.' });
  });
});

