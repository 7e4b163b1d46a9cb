// Where the comments go on the text shown: the paragraph holding the words, the words marked once even when two
// comments overlap, the copy of a repeated phrase the reader chose (never the other), and "changed" otherwise.
import { describe, expect, it } from 'vitest';
import { anchorAt } from '../../../src/common/comments/anchor.ts';
import type { CommentedShare } from '../../../src/features/comments/commentsSlice.ts';
import { placeComments } from '../../../src/features/comments/placements.ts';
import { SHARE } from './commentFixtures.ts';

const REPEATED = 'At dinner we laughed about the storm.\n\nYears later, at the funeral, we laughed about the storm again.';

function shareOf(snapshot: string, quotes: Array<[string, number]>): CommentedShare {
  return {
    ...SHARE, snapshot,
    comments: quotes.map(([quote, copy], index) => {
      let start = -1;
      for (let seen = 0; seen <= copy; seen += 1) start = snapshot.indexOf(quote, start + 1);
      const made = anchorAt(snapshot, start, start + quote.length);
      if (!('anchor' in made)) throw new Error(made.problem);
      return { id: `0b6f1c9e-3c55-4a55-9d7f-0c1e2d3f4b${String(index).padStart(2, '0')}`, text: `Note ${index}`, anchor: made.anchor, resolved: false, at: SHARE.createdAt, replies: [] };
    }),
  };
}

const marked = (text: string, share: CommentedShare) => placeComments(text, [share]).paragraphs
  .map((paragraph) => paragraph.pieces.map((piece) => (piece.mark === undefined ? piece.text : `[${piece.text}]`)).join(''));

describe('placing comments on the text shown', () => {
  it('marks the copy of a repeated phrase the reader chose, after text is inserted before the other', () => {
    const share = shareOf(REPEATED, [['we laughed about the storm', 1]]);
    const version = REPEATED.replace('At dinner', 'At dinner that night, still wet,');
    expect(marked(version, share)).toEqual(['Years later, at the funeral, [we laughed about the storm] again.']);
  });

  it('says "changed" when the chosen copy is rewritten, and does not move to the other copy', () => {
    const share = shareOf(REPEATED, [['we laughed about the storm', 1]]);
    const placed = placeComments(REPEATED.replace('funeral, we laughed about the storm', 'funeral, nobody spoke'), [share]);
    expect(placed.paragraphs).toEqual([]);
    expect(placed.changed.map(({ comment }) => comment.text)).toEqual(['Note 0']);
  });

  it('follows a paragraph moved to the end, and two overlapping comments share one mark', () => {
    const share = shareOf(REPEATED, [['at the funeral', 0], ['the funeral, we laughed', 0]]);
    const [first, second] = REPEATED.split('\n\n');
    const placed = placeComments(`${second}\n\n${first}\n\nA closing line.`, [share]);
    expect(placed.paragraphs).toHaveLength(1);
    expect(placed.paragraphs[0]!.start).toBe(0);
    expect(placed.paragraphs[0]!.comments.map(({ comment, mark }) => [comment.text, mark])).toEqual([['Note 0', 0], ['Note 1', 0]]);
    expect(marked(`${second}\n\n${first}`, share)).toEqual(['Years later, [at the funeral, we laughed] about the storm again.']);
  });

  it('keeps general comments apart', () => {
    const placed = placeComments('Any text.', [SHARE]);
    expect(placed.general.map(({ comment }) => comment.text)).toEqual(['A strong draft. The ending could say more.']);
  });
});
