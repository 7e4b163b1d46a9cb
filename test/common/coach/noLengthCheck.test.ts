// A prompt with no word limit is reviewed with no length check: no length comment however long or short the
// draft, no paragraph targets, every other rule as before; and the planner's short limits (25–49) are measured
// as given, no longer raised to 50.
import { describe, expect, it } from 'vitest';
import { analyseDraft, type CoachReview } from '../../../src/common/coach/index.ts';
import { OVER_LIMIT_DRAFT, PLANTED_DRAFTS, STRONG_DRAFTS, WHY_US_PROMPT, GENERIC_WHY_US } from '../../fixtures/coachDrafts.ts';
import { allComments, kindsByParagraph } from './helpers.ts';

const PROMPT = 'Tell us about something you have made with your hands.';
const unchecked = (draft: string): CoachReview => analyseDraft({ kind: 'supplemental', draft, prompt: PROMPT, wordLimit: null });
const lengthComments = (review: CoachReview) => allComments(review).filter((comment) => comment.kind === 'length');

describe('the coach with no length check', () => {
  it('says nothing about length for a draft far over any limit, and gives no paragraph a target', () => {
    const long = [OVER_LIMIT_DRAFT, OVER_LIMIT_DRAFT].join('\n\n');
    expect(lengthComments(analyseDraft({ kind: 'supplemental', draft: long, prompt: PROMPT, wordLimit: 650 }))).not.toHaveLength(0);
    const review = unchecked(long);
    expect(review.wordLimit).toBeNull();
    expect(lengthComments(review)).toEqual([]);
    expect(review.paragraphs.map((paragraph) => paragraph.targetWords)).toEqual(review.paragraphs.map(() => null));
    const craft = review.overall.find((finding) => finding.dimension === 'craft')!;
    expect(craft.reason).not.toMatch(/limit/);
  });

  it('says nothing about length for a thin draft of three paragraphs', () => {
    const thin = STRONG_DRAFTS[0]!.draft.split('\n\n').slice(0, 3).join('\n\n');
    expect(lengthComments(analyseDraft({ kind: 'supplemental', draft: thin, prompt: PROMPT, wordLimit: 1000 }))).not.toHaveLength(0);
    expect(lengthComments(unchecked(thin))).toEqual([]);
  });

  it('never writes a length comment, whatever the draft', () => {
    const drafts = [...STRONG_DRAFTS.map((strong) => strong.draft), ...PLANTED_DRAFTS.map((planted) => planted.draft), OVER_LIMIT_DRAFT, GENERIC_WHY_US, '', 'One.'];
    for (const draft of drafts) expect(lengthComments(unchecked(draft)), draft.slice(0, 40)).toEqual([]);
  });

  it('still runs every other rule: each planted problem is still found where it was planted', () => {
    for (const planted of PLANTED_DRAFTS) {
      const review = analyseDraft({ kind: 'personal', draft: planted.draft, wordLimit: null });
      expect(kindsByParagraph(review)[planted.paragraph], planted.kind).toContain(planted.kind);
    }
    const whyUs = analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: null });
    expect(allComments(whyUs).map((comment) => comment.kind)).toContain('swap-test');
    expect(whyUs.overall.map((finding) => finding.dimension)).toEqual(['voice', 'specificity', 'reflection', 'craft', 'answers-the-prompt']);
  });

  it('reviews a personal statement with no length check when asked to, and at 650 words when no limit is given', () => {
    const long = [OVER_LIMIT_DRAFT, OVER_LIMIT_DRAFT].join('\n\n');
    expect(lengthComments(analyseDraft({ kind: 'personal', draft: long, wordLimit: null }))).toEqual([]);
    expect(analyseDraft({ kind: 'personal', draft: long }).wordLimit).toBe(650);
  });
});

describe('the coach with a short limit', () => {
  it('measures a draft against a limit of 25 to 49 words as given', () => {
    const review = analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 30 });
    expect(review.wordLimit).toBe(30);
    expect(lengthComments(review)[0]!.question).toContain(`${review.words - 30} over the 30-word limit`);
    expect(analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 25 }).wordLimit).toBe(25);
  });
});
