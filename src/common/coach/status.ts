// Which of an earlier review's comments the student has dealt with in a new draft. A comment is addressed once
// its quoted words are gone, or once the new review no longer says the same kind of thing about those words.
import { splitParagraphs } from './text.ts';
import type { CoachComment, CoachReview } from './types.ts';

export type CommentStatus = CoachComment & { status: 'addressed' | 'remaining' };

/** Every place `quote` sits in `text`, as [start, end) ranges. */
function rangesOf(text: string, quote: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (quote === '') return ranges;
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) ranges.push([at, at + quote.length]);
  return ranges;
}

const overlaps = ([a, b]: [number, number], [c, d]: [number, number]): boolean => a < d && c < b;

export function commentStatus(previousComments: readonly CoachComment[], newReview: CoachReview, newDraft: string): CommentStatus[] {
  const paragraphs = splitParagraphs(newDraft);
  return previousComments.map((comment) => {
    const remaining = newReview.paragraphs.some((paragraph) => {
      const text = paragraphs[paragraph.index] ?? '';
      const old = rangesOf(text, comment.quote);
      if (old.length === 0) return false;
      return paragraph.comments.some((fresh) => fresh.kind === comment.kind
        && rangesOf(text, fresh.quote).some((range) => old.some((before) => overlaps(range, before))));
    });
    return { ...comment, status: remaining ? 'remaining' : 'addressed' };
  });
}
