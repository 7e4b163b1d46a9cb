// Where each reader's comment goes in the text the student sees: the paragraphs holding the words commented on
// (each comment re-anchored from its share's snapshot, src/common/comments/reanchor.ts), the comments whose words
// were changed, and the general ones. Paragraphs are cut as the essay is shown (at blank lines).
import { reanchorer } from '../../common/comments/reanchor.ts';
import type { CommentedShare, StudentComment } from './commentsSlice.ts';

export type PlacedComment = { comment: StudentComment; share: CommentedShare };
export type AnchoredComment = PlacedComment & { start: number; end: number; mark: number };
/** A run of the paragraph's text, marked when a comment is on it (`mark` numbers the mark within the text). */
export type Piece = { text: string; mark?: number };
export type CommentedParagraph = { start: number; pieces: Piece[]; comments: AnchoredComment[] };
export type CommentsPlaced = { paragraphs: CommentedParagraph[]; changed: PlacedComment[]; general: PlacedComment[] };

type Range = { start: number; end: number };

export function paragraphRanges(text: string): Range[] {
  const ranges: Range[] = [];
  let start = 0;
  for (const gap of text.matchAll(/\n\s*\n/g)) {
    ranges.push({ start, end: gap.index });
    start = gap.index + gap[0].length;
  }
  ranges.push({ start, end: text.length });
  return ranges.filter((range) => text.slice(range.start, range.end).trim() !== '');
}

/** The paragraph's text cut at the marks; overlapping comments share one mark. */
function piecesOf(text: string, paragraph: Range, comments: AnchoredComment[]): Piece[] {
  const pieces: Piece[] = [];
  let at = paragraph.start;
  for (const comment of comments) {
    const start = Math.max(comment.start, at);
    const end = Math.min(comment.end, paragraph.end);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    const last = pieces.at(-1);
    if (last?.mark === comment.mark && start === at) last.text += text.slice(start, end);
    else pieces.push({ text: text.slice(start, end), mark: comment.mark });
    at = end;
  }
  if (at < paragraph.end) pieces.push({ text: text.slice(at, paragraph.end) });
  return pieces;
}

export function placeComments(text: string, shares: readonly CommentedShare[]): CommentsPlaced {
  const anchored: Omit<AnchoredComment, 'mark'>[] = [];
  const changed: PlacedComment[] = [];
  const general: PlacedComment[] = [];
  for (const share of shares) {
    const place = reanchorer(share.snapshot, text);
    for (const comment of share.comments) {
      if (comment.anchor === undefined) {
        general.push({ comment, share });
        continue;
      }
      const placement = place(comment.anchor);
      if (placement.state === 'anchored') anchored.push({ comment, share, start: placement.start, end: placement.end });
      else changed.push({ comment, share });
    }
  }
  anchored.sort((a, b) => a.start - b.start || a.end - b.end);
  // Comments whose words overlap share a mark, so the marks never nest.
  let mark = -1;
  let reach = -1;
  const marked = anchored.map((comment) => {
    if (comment.start >= reach) mark += 1;
    reach = Math.max(reach, comment.end);
    return { ...comment, mark };
  });
  const paragraphs = paragraphRanges(text).flatMap((paragraph) => {
    const comments = marked.filter((comment) => comment.start >= paragraph.start && comment.start < paragraph.end);
    return comments.length === 0 ? [] : [{ start: paragraph.start, pieces: piecesOf(text, paragraph, comments), comments }];
  });
  return { paragraphs, changed, general };
}
