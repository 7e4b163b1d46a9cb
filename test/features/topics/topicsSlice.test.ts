import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import {
  selectHasSelectedTopic, selectSelectedTopic, selectTopicSuggestions, topicSelected,
} from '../../../src/features/topics/index.ts';
import { fullDocument, sampleTopic } from '../../app/fixtures.ts';

describe('topics slice', () => {
  it('topicSelected records the prompt, idea and description', () => {
    const store = makeStore();
    expect(selectHasSelectedTopic(store.getState())).toBe(false);
    store.dispatch(topicSelected(sampleTopic));
    expect(selectSelectedTopic(store.getState())).toEqual(sampleTopic);
    expect(selectHasSelectedTopic(store.getState())).toBe(true);
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
