// The shared text cut for the reader's page: paragraphs (at line breaks) of pieces, each piece either part of a
// sentence (a focusable item the reader can comment on) or the space between sentences. Every piece knows its
// offset in the text, so a selection on the page maps back to the snapshot's own offsets.
import type { TextQuoteAnchor } from '../../common/comments/anchor.ts';
import { sentenceAnchor, sentenceRanges } from '../../common/comments/sentences.ts';

export interface TextPiece {
  start: number;
  text: string;
  /** The sentence this piece is (part of), or undefined between sentences. */
  sentence?: number;
  /** On the first piece of a sentence: the anchor of a comment on the whole sentence. */
  anchor?: TextQuoteAnchor;
}

/** The paragraphs of `text`, each a list of pieces; the line breaks between them belong to no piece. */
export function paragraphsOf(text: string): TextPiece[][] {
  const pieces: TextPiece[] = [];
  let at = 0;
  sentenceRanges(text).forEach(({ start, end }, sentence) => {
    if (start > at) pieces.push({ start: at, text: text.slice(at, start) });
    const anchor = sentenceAnchor(text, { start, end });
    pieces.push({ start, text: text.slice(start, end), sentence, ...(anchor ? { anchor } : {}) });
    at = end;
  });
  if (at < text.length) pieces.push({ start: at, text: text.slice(at) });

  const paragraphs: TextPiece[][] = [[]];
  for (const piece of pieces) {
    const lines = piece.text.split('\n');
    let offset = piece.start;
    lines.forEach((line, index) => {
      if (index > 0 && paragraphs.at(-1)!.length > 0) paragraphs.push([]);
      if (line.trim() !== '' || (piece.sentence === undefined && line !== '' && index === 0 && lines.length === 1)) {
        const { anchor, ...rest } = piece;
        const first = offset === piece.start;
        paragraphs.at(-1)!.push({ ...rest, start: offset, text: line, ...(first && anchor ? { anchor } : {}) });
      }
      offset += line.length + 1;
    });
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

/** The snapshot offset of a point in the page's text (a text node inside a piece, or the piece itself). */
export function offsetOf(node: Node, offset: number): number | undefined {
  const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node as Element;
  const piece = element?.closest<HTMLElement>('[data-start]');
  if (!piece) return undefined;
  const start = Number(piece.dataset.start);
  // A point inside a sentence's button is the end of the sentence, where the button stands.
  if (piece.tagName === 'BUTTON') return start;
  return node.nodeType === Node.TEXT_NODE ? start + offset : start + (offset === 0 ? 0 : (piece.textContent ?? '').length);
}
