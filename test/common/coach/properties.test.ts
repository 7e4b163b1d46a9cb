// Properties of every review, on generated drafts: paragraphs from a word and phrase alphabet with clichés,
// named feelings, names, numbers, unicode, quotes, CRLF and runs of blank lines, under both kinds of essay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseDraft, type CoachInput } from '../../../src/common/coach/index.ts';
import { coachReviewSchema } from '../../../src/common/coach/schema.ts';
import { COMMENT_KINDS, DIMENSIONS } from '../../../src/common/coach/types.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { material } from './helpers.ts';

const PIECES = [
  'ever since I was a child', 'passion for', 'outside my comfort zone', 'make a difference', 'journey', 'I learned so much',
  'changed my life', 'hard work pays off', 'I was nervous', 'I felt so proud', 'taught me the value of hard work',
  'I learned that', 'Looking back,', 'today', 'will', 'until', 'that was when', 'for years', 'I had always',
  'the kitchen table', 'my grandmother', 'Priya', 'Mrs. Okoye', 'Dr. Lee', '6 a.m.', '120-pound robot', 'twelve kids',
  'smelled of smoke', '“Listen,” she said.', '"Go."', 'café', 'naïve', 'Zoë', 'İstanbul', 'straße', '日本語', 'שלום', '😀',
  '👩🏽‍🔬', 'I', 'I', 'the', 'a', 'and', 'it', 'was', 'then', 'then', 'again', 'wheel', 'spoke', 'rim', 'blue',
  'diverse', 'world-class', 'Halverson', 'CS 61A', 'e.g.', '...', '—', '(', ')', ',', ';', ':', '’s', "don't", '-', '?!',
];
const SENTENCE_ENDS = ['. ', '! ', '? ', '.\n', '." ', '.” ', ' '];
const BREAKS = ['\n\n', '\r\n\r\n', '\n \n\n', '\n\t\n', '\r\n\r\n\r\n', '\n\n\n\n'];

const sentence = fc.tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), fc.constantFrom(...SENTENCE_ENDS))
  .map(([words, end]) => words.join(' ') + end);
const paragraph = fc.oneof(
  { weight: 6, arbitrary: fc.array(sentence, { minLength: 1, maxLength: 8 }).map((sentences) => sentences.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t', '\r') },
);
const draft = fc.tuple(fc.array(fc.tuple(paragraph, fc.constantFrom(...BREAKS)), { maxLength: 12 }), fc.constantFrom('', '\n', '  \r\n'))
  .map(([parts, edge]) => edge + parts.map(([text, gap]) => text + gap).join('') + edge);

const input: fc.Arbitrary<CoachInput> = fc.record({
  draft,
  supplemental: fc.boolean(),
  wordLimit: fc.integer({ min: 50, max: 1000 }),
  sample: fc.option(fc.array(sentence, { minLength: 4, maxLength: 20 }).map((sentences) => sentences.join(''))),
  answer: fc.option(fc.array(sentence, { maxLength: 6 }).map((sentences) => sentences.join(''))),
}).map(({ draft: text, supplemental, wordLimit, sample, answer }): CoachInput => {
  const studentMaterial = material((form) => { form.personalInsights.writingSample.text = sample ?? ''; }, answer ? { 'What happened?': answer } : {});
  return supplemental
    ? { kind: 'supplemental', draft: text, prompt: 'Why do you want to attend Halverson College?', wordLimit, material: studentMaterial }
    : { kind: 'personal', draft: text, material: studentMaterial };
});

/** The paragraphs as the coach must see them, by the rule stated for it. */
const paragraphsOf = (text: string): string[] => text.split(/\n\s*\n/).map((part) => part.trim()).filter((part) => part !== '');

describe('every review', () => {
  it('has one entry per paragraph, quotes only the paragraph\'s exact words, asks questions, and fits its schema', () => {
    fc.assert(fc.property(input, (coachInput) => {
      const review = analyseDraft(coachInput);
      const expected = paragraphsOf(coachInput.draft);
      expect(review.paragraphs).toHaveLength(expected.length);
      expect(review.words).toBe(countWords(coachInput.draft));
      review.paragraphs.forEach((entry, index) => {
        expect(entry.index).toBe(index);
        expect(entry.words).toBe(countWords(expected[index]!));
        expect(entry.comments.length).toBeLessThanOrEqual(3);
        for (const comment of entry.comments) {
          expect(expected[index]).toContain(comment.quote);
          expect(comment.quote.length).toBeGreaterThan(0);
          expect(comment.question.endsWith('?')).toBe(true);
          expect(comment.question.length).toBeLessThanOrEqual(300);
        }
      });
      expect(review.overall.map((finding) => finding.dimension)).toEqual([...DIMENSIONS]);
      for (const finding of review.overall) {
        expect(finding.paragraph === null || (finding.paragraph >= 0 && finding.paragraph < expected.length)).toBe(true);
      }
      expect(coachReviewSchema.safeParse(review).error).toBeUndefined();
    }), { numRuns: 300 });
  });

  it('draws every kind of comment across the generated drafts (the properties above are not checked on empty reviews)', () => {
    const kinds = new Set(fc.sample(input, { numRuns: 300, seed: 7 })
      .flatMap((coachInput) => analyseDraft(coachInput).paragraphs.flatMap((entry) => entry.comments.map((comment) => comment.kind))));
    expect([...kinds].sort()).toEqual([...COMMENT_KINDS].sort());
  });

  it('is the same review for the same input (no hidden state between runs)', () => {
    fc.assert(fc.property(input, (coachInput) => {
      expect(analyseDraft(coachInput)).toEqual(analyseDraft(coachInput));
    }), { numRuns: 50 });
  });
});
