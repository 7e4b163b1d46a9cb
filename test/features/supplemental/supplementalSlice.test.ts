import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import { selectSupplementalEssays } from '../../../src/features/supplemental/index.ts';
import { fullDocument } from '../../app/fixtures.ts';

describe('supplemental slice', () => {
  it('restores essays from this device only, and empties on reset', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'remote' }));
    expect(selectSupplementalEssays(store.getState())).toEqual([]);
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'device' }));
    expect(selectSupplementalEssays(store.getState())).toEqual(fullDocument().supplementalEssays);
    store.dispatch(formReset());
    expect(selectSupplementalEssays(store.getState())).toEqual([]);
  });
});
