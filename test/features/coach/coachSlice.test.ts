// The coach's slice in the real store: revisions as coach versions that the remote sync reads, marks and the
// device's budget prunes like every essay's, an ask's model questions kept with their text, and "Start over" /
// "Delete my data" (formReset) emptying the draft and its revisions.
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { deviceVersions } from '../../../src/app/persistence/versionBudget.ts';
import { formReset } from '../../../src/client-core/documentActions.ts';
import { essayVersionsDelivered, essayVersionsReceived } from '../../../src/client-core/essayVersions.ts';
import { COACH_RULES_VERSION } from '../../../src/common/coach/limits.ts';
import { ESSAY_VERSIONS_PER_ESSAY } from '../../../src/common/limits/limits.ts';
import {
  coachAnswered, coachDraftChanged, coachRevisionKept, selectCoachRevisions,
} from '../../../src/features/coach/coachSlice.ts';

const comment = { paragraph: 0, kind: 'specificity' as const, quote: 'the water', question: 'Which water?' };

describe('coach slice', () => {
  it('keeps a revision once per text, and a second one when the model asked about the same text', () => {
    const store = makeStore();
    store.dispatch(coachDraftChanged('I have loved the water.'));
    store.dispatch(coachRevisionKept());
    store.dispatch(coachRevisionKept());
    expect(selectCoachRevisions(store.getState())).toHaveLength(1);
    store.dispatch(coachAnswered({ at: '2030-01-01T00:00:00.000Z', text: 'I have loved the water.', engine: 'model', comments: [comment] }));
    const [newest] = selectCoachRevisions(store.getState());
    expect(newest).toMatchObject({ kind: 'coach', coach: { rulesVersion: COACH_RULES_VERSION, comments: [comment] } });
    // An answer about a draft the student has changed since is not kept as that draft's.
    store.dispatch(coachDraftChanged('Something else now.'));
    store.dispatch(coachAnswered({ at: '2030-01-02T00:00:00.000Z', text: 'I have loved the water.', engine: 'model', comments: [comment] }));
    expect(selectCoachRevisions(store.getState())).toHaveLength(2);
  });

  it('takes coach revisions from the remote store with their data, marks them delivered, and counts them in the budget', () => {
    const store = makeStore();
    const record = {
      id: 'vcoach0001', essayKey: 'coach-personal', at: '2030-01-01T00:00:00.000Z', kind: 'coach' as const, text: 'From the other device.',
      coach: { rulesVersion: 1, comments: [comment] },
    };
    store.dispatch(essayVersionsReceived({ versions: [record, { ...record, id: 'vpersonal1', essayKey: 'personal', kind: 'edited', coach: undefined }], revision: 2 }));
    const { essayKey: _key, ...stored } = record;
    expect(store.getState().coach.versions).toEqual({ 'coach-personal': [{ ...stored, remote: 'stored' }] });
    store.dispatch(coachDraftChanged('Mine, here.'));
    store.dispatch(coachRevisionKept());
    const mine = selectCoachRevisions(store.getState()).find((version) => version.remote === undefined)!;
    store.dispatch(essayVersionsDelivered({ ids: [mine.id], remote: 'stored' }));
    expect(selectCoachRevisions(store.getState()).every((version) => version.remote === 'stored')).toBe(true);
    expect(deviceVersions(store.getState()).filter(({ essayKey }) => essayKey === 'coach-personal')).toHaveLength(2);
  });

  it('lets the oldest revisions go past the per-essay limit, as for every essay', () => {
    const store = makeStore();
    for (let n = 0; n <= ESSAY_VERSIONS_PER_ESSAY; n += 1) {
      store.dispatch(coachDraftChanged(`Draft number ${n}.`));
      store.dispatch(coachRevisionKept());
    }
    expect(selectCoachRevisions(store.getState())).toHaveLength(ESSAY_VERSIONS_PER_ESSAY);
    expect(store.getState().coach.versionsLetGo).toEqual({ 'coach-personal': true });
  });

  it('empties the draft and its revisions on "Start over" and "Delete my data"', () => {
    const store = makeStore();
    store.dispatch(coachDraftChanged('My own words.'));
    store.dispatch(coachRevisionKept());
    store.dispatch(formReset());
    expect(store.getState().coach).toMatchObject({ draft: '', kind: 'personal' });
    expect(store.getState().coach.versions).toBeUndefined();
  });
});
