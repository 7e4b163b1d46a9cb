import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import {
  selectHasSelectedTopic, selectSelectedTopic, selectTopicSuggestions, topicSelected,
} from '../../../src/features/topics/index.ts';
import { fullNameChanged } from '../../../src/features/wizard/index.ts';
import { fullDocument, sampleTopic } from '../../app/fixtures.ts';

describe('topics slice', () => {
  it('topicSelected records the prompt, idea and description', () => {
    const store = makeStore();
    expect(selectHasSelectedTopic(store.getState())).toBe(false);
    store.dispatch(topicSelected(sampleTopic));
    expect(selectSelectedTopic(store.getState())).toEqual(sampleTopic);
    expect(selectHasSelectedTopic(store.getState())).toBe(true);
  });

  it('counts a topic as chosen only when the server would take its idea, under any prompt', () => {
    const store = makeStore();
    const chosen = (prompt: string, idea: string): boolean => {
      store.dispatch(topicSelected({ prompt, idea, description: '' }));
      return selectHasSelectedTopic(store.getState());
    };
    expect(chosen(sampleTopic.prompt, 'Robotics team\ncaptain')).toBe(false);
    expect(chosen('A prompt of my school’s own', 'q\u0301\u0302\u0303\u0304 stacked')).toBe(false);
    expect(chosen(sampleTopic.prompt, '\u200b\u202e')).toBe(false);
    expect(chosen(sampleTopic.prompt, '\u202eRobotics team captain')).toBe(true);
  });

  it('checks a chosen topic once, however often the guards ask and whatever else changes', () => {
    const store = makeStore();
    store.dispatch(topicSelected({ ...sampleTopic }));
    const before = selectHasSelectedTopic.recomputations();
    for (let ask = 0; ask < 5; ask += 1) {
      store.dispatch(fullNameChanged(`Maya ${ask}`));
      expect(selectHasSelectedTopic(store.getState())).toBe(true);
    }
    store.dispatch(formReset());
    store.dispatch(topicSelected({ ...sampleTopic }));
    expect(selectHasSelectedTopic(store.getState())).toBe(true);
    // The first topic, then the same topic chosen again (a new object): two checks, not six.
    expect(selectHasSelectedTopic.recomputations() - before).toBe(2);
  });

  it('takes its sections from a remote document (both are on the restore list) and empties on reset', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'remote' }));
    expect(selectTopicSuggestions(store.getState())).toEqual(fullDocument().topicSuggestions);
    expect(selectSelectedTopic(store.getState())).toEqual(sampleTopic);
    store.dispatch(formReset());
    expect(store.getState().topics).toEqual({ topicSuggestions: {}, selectedTopic: null });
  });
});
