import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../src/client-core/documentActions.ts';
import { selectFormDocument } from '../../src/app/formDocument.ts';
import { makeStore } from '../../src/app/store.ts';
import { answerChanged } from '../../src/features/followup/index.ts';
import { formDocumentSchema } from '../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument, RESTORED_SECTIONS } from '../../src/common/questionnaire/formDocumentDefaults.ts';
import { fullDocument } from './fixtures.ts';

describe('selectFormDocument and formDocumentLoaded', () => {
  it('round-trips a full document from this device', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'device' }));
    expect(selectFormDocument(store.getState())).toEqual(fullDocument());
  });

  it('assembles a document the contract accepts, from an empty store too', () => {
    const document = selectFormDocument(makeStore().getState());
    expect(document).toEqual(emptyFormDocument());
    expect(formDocumentSchema.safeParse(document).success).toBe(true);
  });

  it('restores only RESTORED_SECTIONS from the remote: not follow-up questions nor supplemental essays', () => {
    const store = makeStore({
      followup: { followUpQuestions: ['Kept question?'], followUpResponses: {} },
      supplemental: { supplementalEssays: [{ prompt: 'Kept', wordCount: 100, generatedEssay: 'Kept essay.' }] },
    });
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'remote' }));
    const document = selectFormDocument(store.getState());
    for (const section of RESTORED_SECTIONS) expect(document[section]).toEqual(fullDocument()[section]);
    expect(document.followUpQuestions).toEqual(['Kept question?']);
    expect(document.supplementalEssays).toEqual([{ prompt: 'Kept', wordCount: 100, generatedEssay: 'Kept essay.' }]);
  });

  it('leaves sections a partial document lacks as they are', () => {
    const store = makeStore();
    store.dispatch(answerChanged({ question: 'Why?', answer: 'Because.' }));
    store.dispatch(formDocumentLoaded({ document: { generatedEssay: 'New essay.' }, source: 'remote' }));
    expect(selectFormDocument(store.getState())).toMatchObject({
      generatedEssay: 'New essay.', followUpResponses: { 'Why?': 'Because.' },
    });
  });

  it('returns the same object until a section changes', () => {
    const store = makeStore();
    const first = selectFormDocument(store.getState());
    expect(selectFormDocument(store.getState())).toBe(first);
    store.dispatch(answerChanged({ question: 'Why?', answer: 'Because.' }));
    expect(selectFormDocument(store.getState())).not.toBe(first);
  });

  it('formReset empties every section and the essay-type choice', () => {
    const store = makeStore({ essayType: { essayType: 'personal' } });
    store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'device' }));
    store.dispatch(formReset());
    expect(selectFormDocument(store.getState())).toEqual(emptyFormDocument());
    expect(store.getState().essayType.essayType).toBeNull();
  });
});
