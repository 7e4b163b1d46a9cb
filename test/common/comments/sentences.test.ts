import { describe, expect, it } from 'vitest';
import { sentenceAnchors, sentenceRanges } from '../../../src/common/comments/sentences.ts';
import { anchorProblem } from '../../../src/common/comments/anchor.ts';

const text = 'The summer I turned sixteen, Mr. Okafor taught me to fish. Did I like it?\n\nNot at first! "Wait," she said.';

describe('sentence items', () => {
  it('cuts a text into its sentences, paragraphs and abbreviations included', () => {
    expect(sentenceRanges(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      'The summer I turned sixteen, Mr. Okafor taught me to fish.', 'Did I like it?', 'Not at first!', '"Wait," she said.',
    ]);
  });

  it('gives each sentence an anchor the snapshot accepts', () => {
    const anchors = sentenceAnchors(text);
    expect(anchors.map((anchor) => anchor.quote)).toEqual(sentenceRanges(text).map(({ start, end }) => text.slice(start, end)));
    for (const anchor of anchors) expect(anchorProblem(text, anchor)).toBeUndefined();
  });

  it('anchors a sentence longer than a quote by its first 500 characters', () => {
    const long = `${'word '.repeat(150)}end.`;
    const [anchor] = sentenceAnchors(`${long} Short one.`);
    expect(anchor!.quote).toBe(long.slice(0, 500));
  });

  it('has no items for an empty text', () => {
    expect(sentenceAnchors('  \n ')).toEqual([]);
  });
});
