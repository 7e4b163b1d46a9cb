import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { makeStore } from '../../../src/app/store.ts';
import { selectSupplementalEssays, supplementalEssayGenerated } from '../../../src/features/supplemental/index.ts';
import { selectSupplementalVersions, supplementalVersionRestored } from '../../../src/features/supplemental/supplementalSlice.ts';
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

describe('supplemental versions', () => {
  const generated = (text: string, at: string, prompt = 'Why us?') => supplementalEssayGenerated({
    essay: { prompt, wordCount: 150, generatedEssay: text }, wordCountWritten: 3, quota: null, engine: 'offline', at,
  });

  it('keeps every essay generated for one prompt and length as a version of it, and restores any of them', () => {
    const store = makeStore();
    store.dispatch(generated('First try at the prompt.', '2026-03-01T12:00:00.000Z'));
    store.dispatch(generated('Second try at the prompt.', '2026-03-01T12:01:00.000Z'));
    store.dispatch(generated('Another prompt entirely.', '2026-03-01T12:02:00.000Z', 'Describe a community.'));
    const [first, second] = selectSupplementalEssays(store.getState());
    const versions = selectSupplementalVersions(store.getState(), second!);
    expect(versions.map((version) => version.text)).toEqual(['Second try at the prompt.', 'First try at the prompt.']);
    expect(selectSupplementalVersions(store.getState(), first!)).toBe(versions);

    store.dispatch(supplementalVersionRestored(1, versions[1]!.id));
    expect(selectSupplementalEssays(store.getState()).map((essay) => essay.generatedEssay))
      .toEqual(['First try at the prompt.', 'First try at the prompt.', 'Another prompt entirely.']);
    // The replaced text was already a version: restoring kept every text and added none.
    expect(selectSupplementalVersions(store.getState(), second!).map((version) => version.text))
      .toEqual(['Second try at the prompt.', 'First try at the prompt.']);
    // An unknown id or essay changes nothing.
    store.dispatch(supplementalVersionRestored(7, versions[0]!.id));
    store.dispatch(supplementalVersionRestored(0, 'v-unknown'));
    expect(selectSupplementalEssays(store.getState())[0]?.generatedEssay).toBe('First try at the prompt.');
    store.dispatch(formReset());
    expect(store.getState().supplemental.versions).toBeUndefined();
  });
});
