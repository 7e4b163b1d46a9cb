// The coach's analysis on drafts written for the repository: each planted weakness draws its comment on the
// paragraph that holds it, and strong drafts draw few comments, no cliché, and a strong band for specificity.
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { coachReviewSchema } from '../../../src/common/coach/schema.ts';
import {
  GENERIC_WHY_US, ORNATE_DRAFT, OVER_LIMIT_DRAFT, PLAIN_SAMPLE, PLANTED_DRAFTS, ROBOTICS_ANSWER, ROBOTICS_DRAFT,
  SPECIFIC_WHY_US, STRONG_DRAFTS, TYPICAL_DRAFT, WHY_US_PROMPT,
} from '../../fixtures/coachDrafts.ts';
import { allComments, kindsByParagraph, material } from './helpers.ts';

const band = (review: ReturnType<typeof analyseDraft>, dimension: string) =>
  review.overall.find((finding) => finding.dimension === dimension)!;

describe('planted weaknesses', () => {
  it.each(PLANTED_DRAFTS.map((planted) => [planted.weakness, planted] as const))('%s', (_weakness, planted) => {
    const review = analyseDraft({ kind: 'personal', draft: planted.draft });
    expect(coachReviewSchema.safeParse(review).success).toBe(true);
    expect(kindsByParagraph(review)[planted.paragraph]).toContain(planted.kind);
    // The weakness is that paragraph's, not the whole draft's.
    const elsewhere = allComments(review).filter((comment) => comment.kind === planted.kind && comment.paragraph !== planted.paragraph);
    expect(elsewhere).toEqual([]);
  });

  it('quotes the cliché itself and the named feeling itself', () => {
    const [cliche, feeling] = PLANTED_DRAFTS;
    const first = analyseDraft({ kind: 'personal', draft: cliche!.draft }).paragraphs[0]!.comments.find((comment) => comment.kind === 'cliche');
    expect(first?.quote).toBe('Ever since I was a child');
    const named = analyseDraft({ kind: 'personal', draft: feeling!.draft }).paragraphs[1]!.comments.find((comment) => comment.kind === 'tell-not-show');
    expect(named?.quote).toBe('I was nervous');
  });

  it('asks about the generic claim by its own words', () => {
    const generic = PLANTED_DRAFTS.find((planted) => planted.kind === 'generic')!;
    const comment = analyseDraft({ kind: 'personal', draft: generic.draft }).paragraphs[2]!.comments.find((one) => one.kind === 'generic');
    expect(comment?.quote).toBe('Working at the bakery taught me the value of hard work.');
    expect(comment?.question).toContain('the value of hard work');
  });

  it('a draft of about 900 words against a 650-word limit draws a length comment naming both figures', () => {
    const review = analyseDraft({ kind: 'personal', draft: OVER_LIMIT_DRAFT });
    expect(review.words).toBeGreaterThan(850);
    expect(review.words).toBeLessThan(950);
    const length = allComments(review).filter((comment) => comment.kind === 'length');
    expect(length.length).toBeGreaterThan(0);
    expect(length[0]!.question).toContain(`${review.words} words, ${review.words - 650} over the 650-word limit`);
    // On the paragraph furthest over its target.
    const over = review.paragraphs.map((paragraph) => paragraph.words - paragraph.targetWords!);
    expect(length[0]!.paragraph).toBe(over.indexOf(Math.max(...over)));
    expect(band(review, 'craft').band).not.toBe('strong');
    // The same draft within a limit it fits draws no comment on the draft's length.
    const roomy = analyseDraft({ kind: 'personal', draft: OVER_LIMIT_DRAFT, wordLimit: 1000 });
    expect(allComments(roomy).some((comment) => comment.question.includes('over the'))).toBe(false);
  });

  it('a "why us" answer that names nothing of the college fails the swap test; one that names its courses passes', () => {
    const generic = analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 250 });
    expect(kindsByParagraph(generic)[0]).toContain('swap-test');
    expect(band(generic, 'answers-the-prompt').band).not.toBe('strong');
    const specific = analyseDraft({ kind: 'supplemental', draft: SPECIFIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 250 });
    expect(allComments(specific).filter((comment) => comment.kind === 'swap-test')).toEqual([]);
    expect(band(specific, 'answers-the-prompt').band).toBe('strong');
    // A personal statement is never swap-tested, nor a supplemental prompt that does not ask "why us".
    const other = analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: 'Describe a challenge you faced.', wordLimit: 250 });
    expect(allComments(other).filter((comment) => comment.kind === 'swap-test')).toEqual([]);
  });

  it('names a vivid detail from the questionnaire that the draft leaves out', () => {
    const withAnswer = material(() => {}, { 'What happened the night before the regional?': ROBOTICS_ANSWER });
    const review = analyseDraft({ kind: 'personal', draft: ROBOTICS_DRAFT, material: withAnswer });
    const unused = allComments(review).filter((comment) => comment.kind === 'unused-material');
    expect(unused).toHaveLength(1);
    expect(unused[0]!.question).toContain('120-pound robot');
    expect(unused[0]!.paragraph).toBe(0);
    // Once the draft uses it, the coach stops asking; without material it never asks.
    const used = ROBOTICS_DRAFT.replace('hung from the robot', 'hung from the 120-pound robot');
    expect(allComments(analyseDraft({ kind: 'personal', draft: used, material: withAnswer })).map((comment) => comment.kind)).not.toContain('unused-material');
    expect(allComments(analyseDraft({ kind: 'personal', draft: ROBOTICS_DRAFT })).map((comment) => comment.kind)).not.toContain('unused-material');
  });

  it('finds material in activities and insights too, and skips the colleges the student listed', () => {
    const fromActivity = material((form) => {
      form.activitiesAndInvolvement.activities = [{
        category: 'community_service', otherCategory: '', years: ['11th'], leadership: '', hoursPerWeek: '3',
        description: 'Taught coding at the Eastside library every Saturday; by spring twelve kids came every week.',
      }];
      form.collegeGoals.specificColleges = ['Halverson College'];
    });
    const review = analyseDraft({ kind: 'personal', draft: ROBOTICS_DRAFT, material: fromActivity });
    const unused = allComments(review).find((comment) => comment.kind === 'unused-material');
    expect(unused?.question).toMatch(/twelve kids|Eastside/);
  });

  it('a draft far from the writing sample draws a voice comment; without a sample it draws none', () => {
    const withSample = material((form) => { form.personalInsights.writingSample.text = PLAIN_SAMPLE; });
    const review = analyseDraft({ kind: 'personal', draft: ORNATE_DRAFT, material: withSample });
    const voice = allComments(review).filter((comment) => comment.kind === 'voice');
    expect(voice).toHaveLength(1);
    expect(voice[0]!.question).toMatch(/writing sample averages about \d+ words a sentence/);
    expect(band(review, 'voice').band).toBe('missing');
    // The same student's other writing, in the same register, sounds like them.
    const ownSample = material((form) => { form.personalInsights.writingSample.text = STRONG_DRAFTS[1]!.draft.slice(0, 2000); });
    const close = analyseDraft({ kind: 'personal', draft: STRONG_DRAFTS[0]!.draft, material: ownSample });
    expect(allComments(close).map((comment) => comment.kind)).not.toContain('voice');
    expect(band(close, 'voice').band).toBe('strong');
    const alone = analyseDraft({ kind: 'personal', draft: ORNATE_DRAFT });
    expect(allComments(alone).map((comment) => comment.kind)).not.toContain('voice');
    expect(band(alone, 'voice').reason).toContain('no writing sample');
  });
});

describe('strong drafts', () => {
  it.each(STRONG_DRAFTS.map((strong) => [strong.student, strong.draft] as const))('%s', (_student, draft) => {
    const review = analyseDraft({ kind: 'personal', draft });
    expect(review.words).toBeGreaterThanOrEqual(500);
    expect(review.words).toBeLessThanOrEqual(650);
    const comments = allComments(review);
    expect(comments.length / review.paragraphs.length).toBeLessThanOrEqual(1.5);
    expect(comments.map((comment) => comment.kind)).not.toContain('cliche');
    expect(band(review, 'specificity').band).toBe('strong');
    expect(band(review, 'reflection').band).toBe('strong');
    // Read as a narrative: it opens on a scene and ends by looking forward.
    expect(review.paragraphs[0]!.role).toBe('scene');
    expect(review.paragraphs.at(-1)!.role).toBe('closing');
  });
});

describe('a typical first draft', () => {
  const review = analyseDraft({ kind: 'personal', draft: TYPICAL_DRAFT });
  const kinds = kindsByParagraph(review);

  it('asks about each kind of weakness where it sits', () => {
    expect(kinds[0]).toEqual(expect.arrayContaining(['cliche', 'generic']));
    expect(kinds[1]).toContain('tell-not-show');
    expect(kinds[2]).toEqual(expect.arrayContaining(['tell-not-show', 'repetition']));
    expect(kinds[4]).toContain('cliche');
  });

  it('asks whether a stock lesson could close anyone\'s essay, pointing back at a detail of the story', () => {
    const reflection = review.paragraphs[3]!.comments.find((comment) => comment.kind === 'reflection');
    expect(reflection?.quote).toBe('Looking back, I realize that anything is possible if you believe in yourself.');
    expect(reflection?.question).toContain('“the whistle”');
    expect(band(review, 'reflection')).toMatchObject({ band: 'developing', paragraph: 3 });
  });

  it('bands the draft below strong where its comments say so, each reason pointing at a paragraph', () => {
    expect(band(review, 'voice').band).not.toBe('strong');
    expect(band(review, 'specificity').band).not.toBe('strong');
    expect(band(review, 'craft')).toMatchObject({ band: 'missing', paragraph: 2 });
    expect(band(review, 'craft').reason).toContain('paragraph 3');
  });

  it('words every comment as a question about the student\'s words, never as replacement text', () => {
    for (const comment of allComments(review)) {
      expect(comment.question).toMatch(/\?$/);
      expect(comment.question).not.toMatch(/\b(?:try:|instead write|you could say|consider writing|replace)\b/i);
    }
  });
});
