import { describe, expect, it } from 'vitest';
import { paragraphsOf } from '../../../src/features/reader/textPieces.ts';

const TEXT = 'The summer I turned sixteen, Mr. Lee taught me to fish. We sat for hours.\n\nShe never said much.';

describe('the shared text cut into paragraphs and sentences', () => {
  it('keeps every piece at its own offset in the snapshot, so a selection maps back to the shared words', () => {
    for (const piece of paragraphsOf(TEXT).flat()) expect(TEXT.slice(piece.start, piece.start + piece.text.length)).toBe(piece.text);
  });

  it('cuts paragraphs at line breaks and gives each sentence its anchor once', () => {
    const paragraphs = paragraphsOf(TEXT);
    expect(paragraphs.map((paragraph) => paragraph.map((piece) => piece.text).join(''))).toEqual([
      'The summer I turned sixteen, Mr. Lee taught me to fish. We sat for hours.', 'She never said much.',
    ]);
    const anchored = paragraphs.flat().filter((piece) => piece.anchor);
    expect(anchored.map((piece) => piece.anchor!.quote)).toEqual([
      'The summer I turned sixteen, Mr. Lee taught me to fish.', 'We sat for hours.', 'She never said much.',
    ]);
    expect(anchored[2]!.anchor!.prefix).toBe('sixteen, Mr. Lee taught me to fish. We sat for hours.\n\n'.slice(-32));
  });

  it('gives a sentence running over a line break one anchor, on its first line', () => {
    const text = 'A title with no stop\nThen the essay begins.';
    const paragraphs = paragraphsOf(text);
    expect(paragraphs).toHaveLength(2);
    const pieces = paragraphs.flat();
    const sentences = new Set(pieces.map((piece) => piece.sentence));
    for (const sentence of sentences) {
      expect(pieces.filter((piece) => piece.sentence === sentence && piece.anchor)).toHaveLength(1);
    }
  });
});
