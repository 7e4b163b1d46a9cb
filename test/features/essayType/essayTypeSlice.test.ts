import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import { essayTypeChosen, selectEssayType } from '../../../src/features/essayType/index.ts';
import { sampleTopic } from '../../app/fixtures.ts';

describe('essayType slice', () => {
  it('records the choice and forgets it on reset', () => {
    const store = makeStore();
    store.dispatch(essayTypeChosen('supplemental'));
    expect(selectEssayType(store.getState())).toBe('supplemental');
    store.dispatch(formReset());
    expect(selectEssayType(store.getState())).toBeNull();
  });

  it('infers the personal statement when a restored document has a selected topic', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({ document: { selectedTopic: sampleTopic }, source: 'remote' }));
    expect(selectEssayType(store.getState())).toBe('personal');
  });

  it('keeps a choice already made on this device', () => {
    const store = makeStore({ essayType: { essayType: 'supplemental' } });
    store.dispatch(formDocumentLoaded({ document: { selectedTopic: sampleTopic }, source: 'remote' }));
    expect(selectEssayType(store.getState())).toBe('supplemental');
  });
});
