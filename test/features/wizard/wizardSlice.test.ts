import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { formDocumentLoaded, formReset } from '../../../src/client-core/documentActions.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import {
  activityAdded, activityChanged, activityRemoved, activityYearToggled, checkCollegeName, classRankChanged,
  collegeAdded, collegeRemoved, collegeTypeToggled, emailChanged, fullNameChanged, gpaChanged, insightChanged,
  majorToggled, selectFirstBlockedStep, selectProfile, selectQuestionnairePassesGating, selectStepMissing, selectStepPasses,
  subjectToggled, wizardAbandoned, wizardSlice, wizardStepCompleted, writingSampleTextChanged,
  writingSampleTitleChanged,
} from '../../../src/features/wizard/wizardSlice.ts';

const makeStore = () => configureStore({ reducer: { wizard: wizardSlice.reducer } });

const fillSteps1to3 = (store: ReturnType<typeof makeStore>) => {
  store.dispatch(fullNameChanged('Ada Lovelace'));
  store.dispatch(emailChanged('ada@example.com'));
  store.dispatch(classRankChanged('Top 5%'));
  store.dispatch(subjectToggled('Mathematics'));
  store.dispatch(collegeTypeToggled('Research University'));
};

describe('wizard slice: initial state', () => {
  it('starts with the empty profile sections of the form document', () => {
    const empty = emptyFormDocument();
    expect(selectProfile(makeStore().getState())).toEqual({
      basicInfo: empty.basicInfo, academics: empty.academics, collegeGoals: empty.collegeGoals,
      activities: empty.activities, personal: empty.personal,
      activitiesAndInvolvement: empty.activitiesAndInvolvement, personalInsights: empty.personalInsights,
    });
  });
});

describe('e-mail and step 1 gating', () => {
  const passesWith = (name: string, email: string) => {
    const store = makeStore();
    store.dispatch(fullNameChanged(name));
    store.dispatch(emailChanged(email));
    return selectStepPasses(0)(store.getState());
  };

  it.each([
    'ada@example.com', 'a.b+c@sub.example.org', 'x@y.io',
  ])('accepts %s', (email) => expect(passesWith('Ada', email)).toBe(true));

  it.each([
    '', 'ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com', ' ada@example.com', 'ada@example.com ',
    'ada@exa mple.com', 'ada@@example.com',
  ])('rejects %j', (email) => expect(passesWith('Ada', email)).toBe(false));

  it('needs a non-blank full name', () => {
    expect(passesWith('', 'ada@example.com')).toBe(false);
    expect(passesWith('   ', 'ada@example.com')).toBe(false);
    expect(passesWith(' A ', 'ada@example.com')).toBe(true);
  });

  it('lists what is missing', () => {
    const store = makeStore();
    expect(selectStepMissing(0)(store.getState())).toEqual(['your full name', 'a valid email address']);
    store.dispatch(fullNameChanged('Ada'));
    expect(selectStepMissing(0)(store.getState())).toEqual(['a valid email address']);
  });
});

describe('step 2 and 3 gating', () => {
  it('step 2 needs a class rank and at least one subject; GPA and majors are optional', () => {
    const store = makeStore();
    expect(selectStepMissing(1)(store.getState())).toEqual(['your class rank', 'at least one subject']);
    store.dispatch(classRankChanged('Unranked'));
    expect(selectStepPasses(1)(store.getState())).toBe(false);
    store.dispatch(subjectToggled('Arts'));
    expect(selectStepPasses(1)(store.getState())).toBe(true);
    store.dispatch(subjectToggled('Arts'));
    expect(selectStepMissing(1)(store.getState())).toEqual(['at least one subject']);
  });

  it('step 3 needs at least one college type; specific colleges are optional', () => {
    const store = makeStore();
    store.dispatch(collegeAdded('MIT'));
    expect(selectStepMissing(2)(store.getState())).toEqual(['at least one college type']);
    store.dispatch(collegeTypeToggled('Ivy League'));
    expect(selectStepPasses(2)(store.getState())).toBe(true);
  });

  it('steps 4 and 5 always pass', () => {
    const state = makeStore().getState();
    expect(selectStepPasses(3)(state)).toBe(true);
    expect(selectStepPasses(4)(state)).toBe(true);
  });

  it('the questionnaire passes its gating once steps 1–3 pass', () => {
    const store = makeStore();
    expect(selectQuestionnairePassesGating(store.getState())).toBe(false);
    fillSteps1to3(store);
    expect(selectQuestionnairePassesGating(store.getState())).toBe(true);
    store.dispatch(collegeTypeToggled('Research University'));
    expect(selectQuestionnairePassesGating(store.getState())).toBe(false);
  });

  it('keeps the missing list stable while the answer stays as incomplete (no needless re-renders)', () => {
    const store = makeStore();
    const before = selectStepMissing(0)(store.getState());
    store.dispatch(gpaChanged('3.9'));
    expect(selectStepMissing(0)(store.getState())).toBe(before);
    store.dispatch(fullNameChanged('Ada'));
    const typing = selectStepMissing(0)(store.getState());
    store.dispatch(emailChanged('ad'));
    store.dispatch(emailChanged('ada@'));
    expect(selectStepMissing(0)(store.getState())).toBe(typing);
  });

  it('names the first step that blocks leaving the questionnaire', () => {
    const store = makeStore();
    expect(selectFirstBlockedStep(store.getState())).toBe(0);
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example.com'));
    expect(selectFirstBlockedStep(store.getState())).toBe(1);
    fillSteps1to3(store);
    expect(selectFirstBlockedStep(store.getState())).toBeNull();
  });
});

describe('academics toggles', () => {
  it('toggles subjects and majors on and off', () => {
    const store = makeStore();
    store.dispatch(subjectToggled('English'));
    store.dispatch(subjectToggled('History'));
    store.dispatch(majorToggled('STEM'));
    store.dispatch(subjectToggled('English'));
    store.dispatch(gpaChanged('3.8 unweighted'));
    expect(store.getState().wizard.academics).toEqual({
      classRank: '', gpa: '3.8 unweighted', subjects: ['History'], majors: ['STEM'],
    });
  });
});

describe('specific colleges', () => {
  it('adds a trimmed name', () => {
    const store = makeStore();
    store.dispatch(collegeAdded('  Stanford University  '));
    expect(store.getState().wizard.collegeGoals.specificColleges).toEqual(['Stanford University']);
  });

  it('ignores empty and blank names', () => {
    const store = makeStore();
    store.dispatch(collegeAdded(''));
    store.dispatch(collegeAdded('   '));
    expect(store.getState().wizard.collegeGoals.specificColleges).toEqual([]);
  });

  it('ignores duplicates, whatever their case or surrounding spaces', () => {
    const store = makeStore();
    store.dispatch(collegeAdded('MIT'));
    store.dispatch(collegeAdded(' mit '));
    store.dispatch(collegeAdded('MIT'));
    expect(store.getState().wizard.collegeGoals.specificColleges).toEqual(['MIT']);
  });

  it('says why a name cannot be added', () => {
    expect(checkCollegeName('  ', [])).toBe('empty');
    expect(checkCollegeName('Yale ', ['yale'])).toBe('duplicate');
    expect(checkCollegeName('Yale', ['Harvard'])).toBeNull();
  });

  it('removes a college by name', () => {
    const store = makeStore();
    store.dispatch(collegeAdded('MIT'));
    store.dispatch(collegeAdded('Yale'));
    store.dispatch(collegeRemoved('MIT'));
    expect(store.getState().wizard.collegeGoals.specificColleges).toEqual(['Yale']);
  });
});

describe('activity entries', () => {
  it('adds an empty entry, edits it and removes it', () => {
    const store = makeStore();
    store.dispatch(activityAdded());
    store.dispatch(activityAdded());
    store.dispatch(activityChanged({ index: 0, changes: { category: 'other', otherCategory: 'Robotics' } }));
    store.dispatch(activityChanged({ index: 0, changes: { leadership: 'Captain', hoursPerWeek: '10+' } }));
    store.dispatch(activityChanged({ index: 1, changes: { category: 'sports', description: 'Varsity soccer' } }));
    store.dispatch(activityYearToggled({ index: 0, year: '12th' }));
    store.dispatch(activityYearToggled({ index: 0, year: '10th' }));
    store.dispatch(activityYearToggled({ index: 0, year: '11th' }));
    store.dispatch(activityYearToggled({ index: 0, year: '11th' }));
    expect(store.getState().wizard.activitiesAndInvolvement.activities[0]).toEqual({
      category: 'other', otherCategory: 'Robotics', years: ['10th', '12th'], leadership: 'Captain',
      description: '', hoursPerWeek: '10+',
    });
    store.dispatch(activityRemoved(0));
    const { activities } = store.getState().wizard.activitiesAndInvolvement;
    expect(activities).toHaveLength(1);
    expect(activities[0]?.category).toBe('sports');
  });

  it('ignores edits of an entry that does not exist', () => {
    const store = makeStore();
    store.dispatch(activityChanged({ index: 3, changes: { leadership: 'x' } }));
    store.dispatch(activityYearToggled({ index: 3, year: '9th' }));
    expect(store.getState().wizard.activitiesAndInvolvement.activities).toEqual([]);
  });
});

describe('personal insights', () => {
  it('stores answers capped at 500 characters and a writing sample capped at 2000', () => {
    const store = makeStore();
    store.dispatch(insightChanged({ key: 'roleModel', value: 'My grandmother' }));
    store.dispatch(insightChanged({ key: 'happy', value: 'a'.repeat(600) }));
    store.dispatch(writingSampleTitleChanged('On bridges'));
    store.dispatch(writingSampleTextChanged('b'.repeat(2500)));
    const insights = store.getState().wizard.personalInsights;
    expect(insights.roleModel).toBe('My grandmother');
    expect(insights.happy).toHaveLength(500);
    expect(insights.writingSample.title).toBe('On bridges');
    expect(insights.writingSample.text).toHaveLength(2000);
  });
});

describe('document-level actions', () => {
  it('takes its own sections from a loaded document and leaves the rest', () => {
    const store = makeStore();
    store.dispatch(gpaChanged('3.1'));
    const document = emptyFormDocument();
    document.basicInfo = { fullName: 'Grace Hopper', email: 'grace@navy.mil' };
    document.collegeGoals.specificColleges = ['Yale'];
    document.generatedEssay = 'not mine';
    store.dispatch(formDocumentLoaded({
      document: { basicInfo: document.basicInfo, collegeGoals: document.collegeGoals, generatedEssay: 'x' },
      source: 'remote',
    }));
    const state = store.getState().wizard;
    expect(state.basicInfo).toEqual({ fullName: 'Grace Hopper', email: 'grace@navy.mil' });
    expect(state.collegeGoals.specificColleges).toEqual(['Yale']);
    expect(state.academics.gpa).toBe('3.1');
    expect(state).not.toHaveProperty('generatedEssay');
  });

  it('fills fields an older document lacks', () => {
    const store = makeStore();
    store.dispatch(formDocumentLoaded({
      document: {
        personalInsights: { happy: 'Snow days' } as never,
        activitiesAndInvolvement: { activities: [{ category: 'religious' } as never] },
      },
      source: 'device',
    }));
    const state = store.getState().wizard;
    expect(state.personalInsights.writingSample).toEqual({ title: '', text: '' });
    expect(state.personalInsights.happy).toBe('Snow days');
    expect(state.personalInsights.lesson).toBe('');
    expect(state.activitiesAndInvolvement.activities[0]?.years).toEqual([]);
  });

  it('returns to the empty profile on formReset', () => {
    const store = makeStore();
    const empty = store.getState().wizard;
    fillSteps1to3(store);
    store.dispatch(activityAdded());
    store.dispatch(formReset());
    expect(store.getState().wizard).toEqual(empty);
  });

  it('analytics events carry their payload and change nothing', () => {
    const store = makeStore();
    const before = store.getState().wizard;
    const event = { stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 12 };
    expect(wizardStepCompleted(event).payload).toEqual(event);
    store.dispatch(wizardStepCompleted(event));
    store.dispatch(wizardAbandoned(event));
    expect(store.getState().wizard).toBe(before);
  });
});
