// The coach's request and review schemas: what the API will accept and what it promises to send.
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { coachInputSchema, coachReviewSchema } from '../../../src/common/coach/schema.ts';
import { STRONG_DRAFTS } from '../../fixtures/coachDrafts.ts';
import { material } from './helpers.ts';

const draft = STRONG_DRAFTS[0]!.draft;

describe('coachInputSchema', () => {
  it('accepts a personal draft alone, and one with a prompt, a limit and the student\'s material', () => {
    expect(coachInputSchema.safeParse({ kind: 'personal', draft }).success).toBe(true);
    expect(coachInputSchema.safeParse({ kind: 'personal', draft, prompt: 'Share an essay on any topic.', wordLimit: 650, material: material() }).success).toBe(true);
    expect(coachInputSchema.safeParse({ kind: 'supplemental', draft, prompt: 'Why us?', wordLimit: 250 }).success).toBe(true);
  });

  it.each([
    ['a supplemental answer without its prompt', { kind: 'supplemental', draft, wordLimit: 250 }],
    ['a supplemental answer with a blank prompt', { kind: 'supplemental', draft, prompt: '   ', wordLimit: 250 }],
    ['a supplemental answer without its word limit', { kind: 'supplemental', draft, prompt: 'Why us?' }],
    ['a word limit under 25', { kind: 'personal', draft, wordLimit: 24 }],
    ['a word limit that is a string', { kind: 'supplemental', draft, prompt: 'Why us?', wordLimit: 'none' }],
    ['a word limit over 1000', { kind: 'personal', draft, wordLimit: 1001 }],
    ['a word limit that is not a whole number', { kind: 'personal', draft, wordLimit: 650.5 }],
    ['a prompt over 2,000 characters', { kind: 'personal', draft, prompt: 'p'.repeat(2001) }],
    ['a draft over 20,000 characters', { kind: 'personal', draft: 'a'.repeat(20_001) }],
    ['a draft of 101 paragraphs', { kind: 'personal', draft: Array.from({ length: 101 }, () => 'One line.').join('\n\n') }],
    ['an unknown kind', { kind: 'poem', draft }],
    ['an unknown field', { kind: 'personal', draft, score: 10 }],
    ['material that is not a form document', { kind: 'personal', draft, material: { form: {}, followUpResponses: {} } }],
  ])('refuses %s', (_case, body) => {
    expect(coachInputSchema.safeParse(body).success).toBe(false);
  });

  it('accepts exactly 20,000 characters (emoji counted once) and exactly 100 paragraphs', () => {
    expect(coachInputSchema.safeParse({ kind: 'personal', draft: '😀'.repeat(20_000) }).success).toBe(true);
    expect(coachInputSchema.safeParse({ kind: 'personal', draft: Array.from({ length: 100 }, () => 'One line.').join('\r\n\r\n') }).success).toBe(true);
  });

  it('accepts the planner\'s limits, 25 to 1,000 words, and null for no length check', () => {
    for (const wordLimit of [25, 49, 1000, null]) {
      expect(coachInputSchema.safeParse({ kind: 'supplemental', draft, prompt: 'Why us?', wordLimit }).success, String(wordLimit)).toBe(true);
    }
    expect(coachInputSchema.safeParse({ kind: 'personal', draft, wordLimit: null }).success).toBe(true);
  });

  it('names the range and no length check when a limit is refused', () => {
    const refused = coachInputSchema.safeParse({ kind: 'supplemental', draft, prompt: 'Why us?', wordLimit: 1001 });
    expect(refused.error?.issues[0]?.message).toBe('must be a whole number from 25 to 1000, or null for no length check');
  });
});

describe('coachReviewSchema', () => {
  const review = analyseDraft({ kind: 'personal', draft });

  it('accepts a real review, and one with a model\'s question merged in', () => {
    expect(coachReviewSchema.parse(review)).toEqual(review);
    const asked = { ...review, engine: 'model', paragraphs: [{ ...review.paragraphs[0]!, comments: [{ kind: 'specificity', quote: 'The wheel', question: 'Which wheel?', source: 'model' }] }] };
    expect(coachReviewSchema.parse(asked)).toEqual(asked);
  });

  it.each([
    ['a score', { ...review, score: 87 }],
    ['dimensions out of order', { ...review, overall: [...review.overall].reverse() }],
    ['a missing dimension', { ...review, overall: review.overall.slice(0, 4) }],
    ['an unknown band', { ...review, overall: review.overall.map((finding) => ({ ...finding, band: 'excellent' })) }],
    ['an engine that is neither the rules nor a model', { ...review, engine: 'gpt-4o' }],
    ['a comment of another source', { ...review, paragraphs: [{ ...review.paragraphs[0]!, comments: [{ kind: 'cliche', quote: 'The wheel', question: 'Why?', source: 'detector' }] }] }],
    ['a comment that does not ask', { ...review, paragraphs: [{ ...review.paragraphs[0]!, comments: [{ kind: 'cliche', quote: 'The wheel', question: 'Cut this.', source: 'rules' }] }] }],
    ['four comments on one paragraph', { ...review, paragraphs: [{ ...review.paragraphs[0]!, comments: Array.from({ length: 4 }, () => ({ kind: 'cliche', quote: 'The wheel', question: 'Why?', source: 'rules' })) }] }],
    ['an empty quote', { ...review, paragraphs: [{ ...review.paragraphs[0]!, comments: [{ kind: 'cliche', quote: '', question: 'Why?', source: 'rules' }] }] }],
    ['an unknown role', { ...review, paragraphs: [{ ...review.paragraphs[0]!, role: 'climax' }] }],
    ['a word limit that is a string', { ...review, wordLimit: 'none' }],
  ])('refuses a review with %s', (_case, body) => {
    expect(coachReviewSchema.safeParse(body).success).toBe(false);
  });
});
