// A model's questions merged into the offline review: under the rules' cap (three a paragraph), ranked with the
// rules' own by kind, one per kind, never on the same words, only usable ones; and questions kept with an earlier
// text placed in the draft as it is now.
import { describe, expect, it } from 'vitest';
import { analyseDraft, mergeModelComments, placeInDraft, type CoachReview, type PlacedComment } from '../../../src/common/coach/index.ts';

/** The model's questions a review holds, with their paragraph. */
const modelCommentsOf = (review: CoachReview): PlacedComment[] => review.paragraphs.flatMap((paragraph) =>
  paragraph.comments.filter((comment) => comment.source === 'model')
    .map(({ kind, quote, question }) => ({ paragraph: paragraph.index, kind, quote, question })));
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';

const draft = PLANTED_DRAFTS[0]!.draft; // "Ever since I was a child…" opens paragraph 0
const review = analyseDraft({ kind: 'personal', draft });
const asked = (paragraph: number, kind: PlacedComment['kind'], quote: string, question = 'What happened next?'): PlacedComment =>
  ({ paragraph, kind, quote, question });

describe('mergeModelComments', () => {
  it('adds a usable question with source model, ranked by its kind, and says the engine was a model', () => {
    const rules = review.paragraphs[0]!.comments;
    expect(rules.map((comment) => comment.kind)).toContain('cliche');
    const merged = mergeModelComments(review, draft, [asked(0, 'reflection', 'a coach named Dolores', 'What did Dolores teach you first?')]);
    expect(merged.engine).toBe('model');
    const kinds = merged.paragraphs[0]!.comments.map((comment) => comment.kind);
    // Reflection outranks a cliché: the model's question goes before it.
    expect(kinds.indexOf('reflection')).toBeLessThan(kinds.indexOf('cliche'));
    expect(merged.paragraphs[0]!.comments.find((comment) => comment.source === 'model')).toMatchObject({ quote: 'a coach named Dolores' });
    expect(modelCommentsOf(merged)).toEqual([asked(0, 'reflection', 'a coach named Dolores', 'What did Dolores teach you first?')]);
  });

  it('keeps at most three a paragraph, drops a kind already asked and a question on the same words', () => {
    const merged = mergeModelComments(review, draft, [
      asked(0, 'cliche', 'shallow end', 'Is this the phrase you want?'),
      asked(0, 'generic', 'Ever since I was a child', 'When did it start?'),
      asked(0, 'reflection', 'blue kickboard', 'What did the kickboard mean to you?'),
      asked(0, 'swap-test', 'every Saturday', 'Why Saturdays?'),
      asked(0, 'voice', 'Maple Avenue', 'Who took you to Maple Avenue?'),
    ]);
    const comments = merged.paragraphs[0]!.comments;
    expect(comments.length).toBeLessThanOrEqual(3);
    expect(comments.filter((comment) => comment.kind === 'cliche')).toHaveLength(1);
    expect(comments.find((comment) => comment.quote === 'Ever since I was a child' && comment.source === 'model')).toBeUndefined();
    expect(comments[0]).toMatchObject({ kind: 'swap-test', source: 'model' });
  });

  it('drops an unusable question: words not the student\'s, no question, wording offered, a paragraph the draft lacks', () => {
    const merged = mergeModelComments(review, draft, [
      asked(1, 'specificity', 'I swam like a dolphin'),
      asked(1, 'specificity', 'the 200 butterfly', 'Describe the race.'),
      asked(1, 'specificity', 'the 200 butterfly', 'Instead write "I raced" — what do you think?'),
      asked(9, 'specificity', 'the 200 butterfly'),
    ]);
    expect(modelCommentsOf(merged)).toEqual([]);
    expect(merged.paragraphs.map((paragraph) => paragraph.comments)).toEqual(review.paragraphs.map((paragraph) => paragraph.comments));
  });
});

describe('placeInDraft', () => {
  it('follows a question to the paragraph its words moved to, and drops one whose words are gone', () => {
    const kept = [asked(0, 'voice', 'a coach named Dolores'), asked(1, 'specificity', 'the 200 butterfly')];
    const moved = `A new opening paragraph of mine.\n\n${draft.replace('the 200 butterfly', 'the 100 freestyle')}`;
    expect(placeInDraft(moved, kept)).toEqual([asked(1, 'voice', 'a coach named Dolores')]);
    expect(placeInDraft(draft, kept)).toEqual(kept);
  });
});
