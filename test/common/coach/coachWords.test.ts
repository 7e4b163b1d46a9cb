// What the coach says on a thin draft: a draft of events is asked what they meant, on its last sentence, and
// a detail from the questionnaire is named whole and raised however short the draft is.
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { allComments, material } from './helpers.ts';

/** One paragraph of events, 60 words, that never says what they meant. */
const EVENTS = 'On Saturday I rode to the shop on Grove Street before eight. I unlocked the gate and pulled the first bike '
  + 'onto the stand. The chain had rusted through, so I cut it off and fitted a new one. Then a boy brought his sister’s '
  + 'scooter with a flat tyre. We patched it together and he rode it home. At noon we closed the shop.';

const ANSWERS = {
  'Who taught you something that stuck?': 'Mrs. Alvarez ran the repair shop and let me keep a $12 wrench set there.',
  'What did you build or fix?': 'By June we had fixed 40 bikes for kids on our street.',
};

describe('a draft of events without meaning', () => {
  it('draws a reflection comment on its last sentence, in one paragraph and under 150 words', () => {
    const review = analyseDraft({ kind: 'personal', draft: EVENTS });
    expect(review.overall.find((finding) => finding.dimension === 'reflection')?.band).toBe('missing');
    const reflection = allComments(review).filter((comment) => comment.kind === 'reflection');
    expect(reflection).toEqual([expect.objectContaining({ paragraph: 0, quote: 'At noon we closed the shop.' })]);
    expect(reflection[0]!.question).toMatch(/what do you understand now/);
  });

  it('draws none once a paragraph says what the events meant', () => {
    const review = analyseDraft({ kind: 'personal', draft: `${EVENTS} I learned that fixing things is how I listen to people.` });
    expect(review.overall.find((finding) => finding.dimension === 'reflection')?.band).not.toBe('missing');
    expect(allComments(review).some((comment) => /what do you understand now/.test(comment.question))).toBe(false);
  });
});

describe('material the draft leaves out', () => {
  const unusedQuestion = (draft: string, answers: Record<string, string>) =>
    allComments(analyseDraft({ kind: 'personal', draft, material: material(() => {}, answers) }))
      .find((comment) => comment.kind === 'unused-material')?.question;

  it('is raised on a first draft of one sentence', () => {
    expect(unusedQuestion('I like fixing bikes.', ANSWERS)).toBeDefined();
  });

  it('comes before polish on a thin draft, so three comments on one paragraph do not crowd it out', () => {
    const crowded = `Ever since I was a child I have loved bikes. ${EVENTS} I was nervous the whole time. `
      + 'Working at the shop taught me the value of hard work.';
    const kinds = allComments(analyseDraft({ kind: 'personal', draft: crowded })).map((comment) => comment.kind);
    expect(kinds).toEqual(expect.arrayContaining(['cliche', 'tell-not-show', 'generic']));
    expect(unusedQuestion(crowded, ANSWERS)).toBeDefined();
  });

  it.each([
    ['a name with its title', { a: 'I still think of Mrs. Alvarez and her shop.' }, '“Mrs. Alvarez”'],
    ['a name with its initials', { a: 'At night I read my old copy of J. R. R. Tolkien.' }, '“J. R. R. Tolkien”'],
    ['a number with what it counts', { a: 'That summer we fixed 40 bikes for kids.' }, '“40 bikes”'],
    ['a price with its article and its sign', { a: 'She gave me a $12 wrench set and a key.' }, '“a $12 wrench set”'],
  ])('names %s whole', (_case, answers, named) => {
    expect(unusedQuestion(EVENTS, answers)).toContain(`Your answers mention ${named}`);
  });

  it('is not raised when the draft uses the name, with or without its title', () => {
    expect(unusedQuestion(`${EVENTS} Alvarez waved.`, { a: 'I still think of Mrs. Alvarez and her shop.' })).toBeUndefined();
  });
});
