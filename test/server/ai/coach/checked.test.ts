// The model's questions as the adapter keeps them: only the first 24 of an answer are checked at all, so an
// answer of thousands of comments costs no more of the event loop than one of 24.
import { describe, expect, it } from 'vitest';
import { COACH_MODEL_COMMENTS_MAX } from '../../../../src/common/coach/limits.ts';
import { COACH_MODEL_COMMENTS_READ, usableComments } from '../../../../src/server/ai/coach/checked.ts';

const draft = 'A coach named Dolores met me at the pool every Saturday.\n\nI found my name one line below Marcus.';
const good = { paragraph: 0, kind: 'specificity' as const, quote: 'coach named Dolores', question: 'What did Dolores say on the first Saturday?' };
const notTheirs = { paragraph: 1, kind: 'voice' as const, quote: 'I was terrified of the judges', question: 'What did the judges look like?' };

describe("the model's comments checked", () => {
  it('reads 24 comments: twice the 12 a review keeps', () => {
    expect(COACH_MODEL_COMMENTS_READ).toBe(24);
    expect(COACH_MODEL_COMMENTS_MAX).toBe(12);
  });

  it('checks only the first 24 of an answer of 2,000: usable questions after them are never reached', () => {
    const answer = [...Array.from({ length: 24 }, () => notTheirs), ...Array.from({ length: 1976 }, () => good)];
    expect(usableComments(draft, { comments: answer })).toEqual([]);
  });

  it('keeps the usable ones among the first 24, at most 12', () => {
    const answer = [notTheirs, ...Array.from({ length: 1999 }, () => good)];
    expect(usableComments(draft, { comments: answer })).toEqual(Array.from({ length: COACH_MODEL_COMMENTS_MAX }, () => good));
    const late = [...Array.from({ length: 23 }, () => notTheirs), good, good];
    expect(usableComments(draft, { comments: late })).toEqual([good]);
  });
});
