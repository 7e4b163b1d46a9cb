import { describe, expect, it } from 'vitest';
import { selectCanEnter, selectFurthestAllowedStep } from '../../src/app/guards.ts';
import { paths } from '../../src/client-core/routes.ts';
import { makeStore } from '../../src/app/store.ts';
import { OWN_TOPIC_PROMPT } from '../../src/common/essay/prompts.ts';
import type { RootState } from '../../src/app/store.ts';
import { passingProfile, sampleTopic, studentAt } from './fixtures.ts';
import type { FlowPoint } from './fixtures.ts';

const stateOf = (preloaded: Partial<RootState>) => makeStore(preloaded).getState();
const enterable = (preloaded: Partial<RootState>): string[] =>
  (Object.values(paths) as string[])
    .filter((path) => path !== paths.home && path !== paths.thankYou && path !== paths.admin)
    .filter((path) => selectCanEnter(path)(stateOf(preloaded)));

/** The devices' pages: a new device continuing, and approving one, whatever the student has done. */
const ALWAYS_OPEN = [paths.continue, paths.addDevice];

describe('selectCanEnter: every guarded route, row by row', () => {
  const rows: Array<[FlowPoint, string[]]> = [
    ['new', [paths.form, paths.coach, paths.colleges, ...ALWAYS_OPEN]],
    ['essay-type', [paths.form, paths.essayType, paths.supplemental, paths.referrals, paths.coach, paths.colleges, ...ALWAYS_OPEN]],
    ['topics', [paths.form, paths.essayType, paths.topics, paths.supplemental, paths.referrals, paths.coach, paths.colleges, ...ALWAYS_OPEN]],
    ['followup', [paths.form, paths.essayType, paths.topics, paths.followup, paths.supplemental, paths.referrals, paths.coach, paths.colleges, ...ALWAYS_OPEN]],
    ['result', [paths.form, paths.essayType, paths.topics, paths.followup, paths.result, paths.supplemental, paths.referrals, paths.coach, paths.colleges, ...ALWAYS_OPEN]],
  ];
  it.each(rows)('a student at %s may enter %j', (point, expected) => {
    expect(enterable(studentAt(point)).sort()).toEqual([...expected].sort());
  });

  it('/form is open to all', () => {
    expect(selectCanEnter(paths.form)(stateOf({}))).toBe(true);
  });

  it.each([
    ['a blank full name', { basicInfo: { fullName: '   ', email: 'maya@example.com' } }],
    ['an invalid e-mail', { basicInfo: { fullName: 'Maya', email: 'maya@example' } }],
    ['no class rank', { academics: { ...passingProfile().academics, classRank: '' } }],
    ['no subject', { academics: { ...passingProfile().academics, subjects: [] } }],
    ['no college type', { collegeGoals: { collegeTypes: [], specificColleges: [] } }],
  ])('/essay-type, /supplemental and /referrals stay closed with %s', (_name, change) => {
    const state = stateOf({ wizard: { ...passingProfile(), ...change } });
    expect(selectCanEnter(paths.essayType)(state)).toBe(false);
    expect(selectCanEnter(paths.supplemental)(state)).toBe(false);
    expect(selectCanEnter(paths.referrals)(state)).toBe(false);
  });

  it('/topics needs the personal statement chosen, not supplemental essays', () => {
    const state = stateOf({ ...studentAt('topics'), essayType: { essayType: 'supplemental' } });
    expect(selectCanEnter(paths.topics)(state)).toBe(false);
    expect(selectCanEnter(paths.supplemental)(state)).toBe(true);
  });

  it('/followup needs /topics enterable as well as a selected topic', () => {
    const topicWithoutChoice = { wizard: passingProfile(), topics: { topicSuggestions: {}, selectedTopic: sampleTopic } };
    expect(selectCanEnter(paths.followup)(stateOf({ ...topicWithoutChoice, essayType: { essayType: 'supplemental' } })))
      .toBe(false);
  });

  it('/followup and /result need, under the seventh prompt, a topic title of the student’s own', () => {
    const own = (idea: string) => ({
      ...studentAt('result'), topics: { topicSuggestions: {}, selectedTopic: { prompt: OWN_TOPIC_PROMPT, idea, description: '' } },
    });
    for (const idea of ['', '   ', '?!', 'Share an essay on any topic of your choice']) {
      expect(selectCanEnter(paths.followup)(stateOf(own(idea))), idea).toBe(false);
      expect(selectCanEnter(paths.result)(stateOf(own(idea))), idea).toBe(false);
      expect(selectFurthestAllowedStep(stateOf(own(idea)))).toBe(paths.topics);
    }
    expect(selectCanEnter(paths.followup)(stateOf(own('My grandmother’s garden')))).toBe(true);
    expect(selectCanEnter(paths.result)(stateOf(own('My grandmother’s garden')))).toBe(true);
  });

  it('/result needs a non-blank answer: whitespace does not count', () => {
    const blank = {
      ...studentAt('followup'),
      followup: { followUpQuestions: ['Q?'], followUpResponses: { 'Q?': '   \n' } },
    };
    expect(selectCanEnter(paths.result)(stateOf(blank))).toBe(false);
  });
});

describe('selectFurthestAllowedStep: where a blocked student is sent', () => {
  it.each([
    ['new', paths.form],
    ['essay-type', paths.essayType],
    ['topics', paths.topics],
    ['followup', paths.followup],
    ['result', paths.result],
  ] as const)('a student at %s goes to %s', (point, target) => {
    expect(selectFurthestAllowedStep(stateOf(studentAt(point)))).toBe(target);
  });

  it('a student who chose supplemental essays goes to /essay-type', () => {
    expect(selectFurthestAllowedStep(stateOf({ ...studentAt('result'), essayType: { essayType: 'supplemental' } })))
      .toBe(paths.essayType);
  });
});
