// The college plan's contract, limit by limit: at the limit it passes, one past it is refused with words a student
// can read, and a hostile document is refused without the schema reading all of it.
import { describe, expect, it } from 'vitest';
import { COLLEGE_PLAN_LIMITS } from '../../../src/common/collegePlan/limits.ts';
import { collegePlanBytes, collegePlanSchema, type CollegePlan } from '../../../src/common/collegePlan/schema.ts';
import { APPLICATION_ROUND_NAMES, APPLICATION_ROUNDS } from '../../../src/common/collegePlan/vocabulary.ts';

type Prompt = CollegePlan['colleges'][number]['prompts'][number];
type College = CollegePlan['colleges'][number];

const prompt = (id: string, over: Partial<Prompt> = {}): Prompt => ({
  id, text: 'What is it about Yale that has led you to apply?', wordLimit: 125, suggestedType: 'whyUs', chosenType: null,
  storyId: null, status: 'notStarted', ...over,
});
const college = (id: string, over: Partial<College> = {}): College => ({
  id, name: `College ${id}`, round: 'regularDecision', deadline: '2027-01-02', prompts: [prompt(`${id}-p`)], ...over,
});
const plan = (over: Partial<CollegePlan> = {}): CollegePlan => ({ colleges: [college('a')], stories: [], ...over });
const story = (id: string) => ({ id, title: `Story ${id}`, summary: 'Fixing bikes on the front steps', source: 'own' as const });

/** The one issue a plan is refused for: its path and message. */
function refusal(value: unknown): { path: string; message: string } {
  const result = collegePlanSchema.safeParse(value);
  if (result.success) throw new Error('the plan was accepted');
  expect(result.error.issues).toHaveLength(1);
  const [issue] = result.error.issues;
  return { path: issue!.path.join('.'), message: issue!.message };
}
const accepted = (value: unknown): CollegePlan => collegePlanSchema.parse(value);

describe('collegePlanSchema', () => {
  it('accepts a plan and gives back its texts cleaned', () => {
    const parsed = accepted(plan({
      colleges: [college('a', { name: '  Yale\u200b  ', prompts: [prompt('p1', { text: 'Why\u202e us?\r\n\r\n- one', storyId: 's1', chosenType: 'community' })] })],
      stories: [story('s1')],
    }));
    expect(parsed.colleges[0]!.name).toBe('Yale');
    expect(parsed.colleges[0]!.prompts[0]!.text).toBe('Why us?\n\n- one');
    expect(parsed.colleges[0]!.prompts[0]!.chosenType).toBe('community');
  });

  it(`takes ${COLLEGE_PLAN_LIMITS.colleges} colleges and refuses the 41st`, () => {
    const colleges = Array.from({ length: COLLEGE_PLAN_LIMITS.colleges + 1 }, (_, index) => college(`c${index}`));
    accepted(plan({ colleges: colleges.slice(0, -1) }));
    expect(refusal(plan({ colleges }))).toEqual({ path: 'colleges', message: 'must hold at most 40 colleges' });
  });

  it(`takes ${COLLEGE_PLAN_LIMITS.promptsPerCollege} prompts per college and refuses the 11th`, () => {
    const prompts = Array.from({ length: COLLEGE_PLAN_LIMITS.promptsPerCollege + 1 }, (_, index) => prompt(`p${index}`));
    accepted(plan({ colleges: [college('a', { prompts: prompts.slice(0, -1) })] }));
    expect(refusal(plan({ colleges: [college('a', { prompts })] }))).toEqual({ path: 'colleges.0.prompts', message: 'must hold at most 10 prompts per college' });
  });

  it('takes a 1,500-character prompt and refuses a 1,501-character one, counting code points', () => {
    accepted(plan({ colleges: [college('a', { prompts: [prompt('p', { text: '🎓'.repeat(1500) })] })] }));
    const { path, message } = refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { text: 'x'.repeat(1501) })] })] }));
    expect(path).toBe('colleges.0.prompts.0.text');
    expect(message).toMatch(/1500/);
  });

  it('refuses an empty prompt, and one of only invisible characters', () => {
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { text: '' })] })] })).message).toBe('is required');
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { text: '\u200b\n \u202e' })] })] })).message)
      .toBe('must hold more than spaces and invisible characters');
  });

  it.each([
    [25, true], [1000, true], [null, true], [24, false], [1001, false], [100.5, false],
  ])('a word limit of %s is %s', (wordLimit, ok) => {
    const value = plan({ colleges: [college('a', { prompts: [prompt('p', { wordLimit })] })] });
    expect(collegePlanSchema.safeParse(value).success).toBe(ok);
  });

  it('says how a word limit may be', () => {
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { wordLimit: 1001 })] })] })).message).toBe('must be at most 1,000 words, or no limit');
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { wordLimit: 10 })] })] })).message).toBe('must be at least 25 words, or no limit');
  });

  it('holds a college name to one line of at most 120 characters', () => {
    accepted(plan({ colleges: [college('a', { name: 'U'.repeat(120) })] }));
    expect(refusal(plan({ colleges: [college('a', { name: 'U'.repeat(121) })] })).path).toBe('colleges.0.name');
    expect(refusal(plan({ colleges: [college('a', { name: 'Yale\nHarvard' })] })).message).toBe('must be one line of text');
    expect(refusal(plan({ colleges: [college('a', { name: '' })] })).message).toBe('is required');
  });

  it.each([
    ['0000-09-01', 'must fall between 2000 and 2100 (year 0 is not a deadline)'],
    ['10000-09-01', 'must fall between 2000 and 2100 (year 10000 is not a deadline)'],
    ['2027-02-30', 'is not a real date: 2027-02-30 does not exist'],
    ['2027-00-10', 'is not a real date: there is no month 0'],
    ['2027-1-5', 'must be a date written as YYYY-MM-DD'],
    ['2027-01-02T00:00:00Z', 'must be a date written as YYYY-MM-DD'],
  ])('refuses the deadline %s: %s', (deadline, message) => {
    expect(refusal(plan({ colleges: [college('a', { deadline })] }))).toEqual({ path: 'colleges.0.deadline', message });
  });

  it('takes a 29 February in a leap year', () => {
    accepted(plan({ colleges: [college('a', { deadline: '2028-02-29' })] }));
  });

  it('knows every round by its name, and refuses another', () => {
    for (const round of APPLICATION_ROUNDS) accepted(plan({ colleges: [college('a', { round })] }));
    expect(Object.values(APPLICATION_ROUND_NAMES)).toEqual([
      'Early Decision', 'Early Decision II', 'Early Action', 'Restrictive Early Action', 'Regular Decision', 'Rolling',
    ]);
    expect(refusal({ colleges: [{ ...college('a'), round: 'earlyish' }], stories: [] }).path).toBe('colleges.0.round');
  });

  it(`takes ${COLLEGE_PLAN_LIMITS.stories} stories and refuses the 61st; a title of 1 to 120 characters, a summary of at most 300`, () => {
    const stories = Array.from({ length: COLLEGE_PLAN_LIMITS.stories + 1 }, (_, index) => story(`s${index}`));
    accepted(plan({ stories: stories.slice(0, -1) }));
    expect(refusal(plan({ stories }))).toEqual({ path: 'stories', message: 'must hold at most 60 stories' });
    accepted(plan({ stories: [{ ...story('s'), title: 'T'.repeat(120), summary: 'S'.repeat(300) }] }));
    accepted(plan({ stories: [{ ...story('s'), summary: '' }] }));
    expect(refusal(plan({ stories: [{ ...story('s'), title: 'T'.repeat(121) }] })).path).toBe('stories.0.title');
    expect(refusal(plan({ stories: [{ ...story('s'), title: '' }] })).path).toBe('stories.0.title');
    expect(refusal(plan({ stories: [{ ...story('s'), summary: 'S'.repeat(301) }] })).path).toBe('stories.0.summary');
  });

  it('refuses a prompt whose story is not in the bank, and an id used twice', () => {
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p', { storyId: 'gone' })] })] })))
      .toEqual({ path: 'colleges.0.prompts.0.storyId', message: 'names a story that is not in the story bank' });
    expect(refusal(plan({ colleges: [college('a'), college('a', { prompts: [] })] })))
      .toEqual({ path: 'colleges.1.id', message: 'repeats the college id a' });
    expect(refusal(plan({ colleges: [college('a', { prompts: [prompt('p'), prompt('p')] })] })))
      .toEqual({ path: 'colleges.0.prompts.1.id', message: 'repeats the prompt id p' });
  });

  it('refuses a status, a type or a field it does not know', () => {
    expect(refusal(plan({ colleges: [college('a', { prompts: [{ ...prompt('p'), status: 'finished' as never }] })] })).path).toBe('colleges.0.prompts.0.status');
    expect(refusal(plan({ colleges: [college('a', { prompts: [{ ...prompt('p'), chosenType: 'essay' as never }] })] })).path).toBe('colleges.0.prompts.0.chosenType');
    expect(refusal({ ...plan(), notes: 'x' }).message).toMatch(/notes/);
  });

  it('refuses a plan within every field\'s limit that takes over 512 KB as stored, and says how much it takes', () => {
    // 40 colleges of 10 prompts of 1,500 four-byte characters: some 2.4 MB.
    const full = plan({
      colleges: Array.from({ length: 40 }, (_, c) => college(`c${c}`, {
        prompts: Array.from({ length: 10 }, (_, p) => prompt(`c${c}p${p}`, { text: '🎓'.repeat(1500) })),
      })),
    });
    const { path, message } = refusal(full);
    expect(path).toBe('');
    expect(message).toBe(`takes ${Math.ceil(collegePlanBytes(full) / 1024).toLocaleString('en')} KB, over the 512 KB a college plan may take`);
    expect(collegePlanBytes(full)).toBeGreaterThan(2_000_000);
  });

  it('takes a plan just under 512 KB as stored', () => {
    // 40 colleges of 10 prompts of 280 four-byte characters: some 500 KB.
    const big = plan({
      colleges: Array.from({ length: 40 }, (_, c) => college(`c${c}`, {
        prompts: Array.from({ length: 10 }, (_, p) => prompt(`c${c}p${p}`, { text: '🎓'.repeat(280) })),
      })),
    });
    expect(collegePlanBytes(big)).toBeGreaterThan(480 * 1024);
    expect(collegePlanBytes(big)).toBeLessThanOrEqual(COLLEGE_PLAN_LIMITS.documentBytes);
    accepted(big);
  });

  it('refuses a 5 MB plan by the first limit it breaks, without reading the rest', () => {
    const huge = plan({ colleges: [college('a', { prompts: [prompt('p', { text: 'x'.repeat(5 * 1024 * 1024) })] })] });
    const started = performance.now();
    const { path, message } = refusal(huge);
    expect({ path, message }).toEqual({ path: 'colleges.0.prompts.0.text', message: expect.stringMatching(/1500/) as unknown as string });
    // A hang detector, not a speed check: cleaning or counting 5 MB would still pass it.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
