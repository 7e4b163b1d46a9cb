import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import { selectEssayWordCount, selectGeneratedEssay } from '../../../src/features/essay/index.ts';

describe('essay slice', () => {
  it('restores the generated essay (remote or device), counts its words, empties on reset', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({ document: { generatedEssay: 'One two  three\nfour.' }, source: 'remote' }));
    expect(selectGeneratedEssay(store.getState())).toBe('One two  three\nfour.');
    expect(selectEssayWordCount(store.getState())).toBe(4);
    store.dispatch(formReset());
    expect(selectGeneratedEssay(store.getState())).toBe('');
    expect(selectEssayWordCount(store.getState())).toBe(0);
  });
});
