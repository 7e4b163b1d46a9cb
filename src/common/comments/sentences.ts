// The sentences a reader can comment on one by one ("Comment on this sentence"): each a focusable item on the
// reader's page with the anchor a comment on it carries. Sentences are cut by the one splitter every reader of a
// student's text shares (text/sentences.ts: titles, abbreviations and initials end no sentence).
import { splitSentences } from '../text/sentences.ts';
import { QUOTE_MAX_CHARS, anchorAt, codePointsAfter, type TextQuoteAnchor } from './anchor.ts';

/** Each sentence's offsets in `text`, white space around it left out. */
export function sentenceRanges(text: string): { start: number; end: number }[] {
  return splitSentences(text).map(({ start, end }) => ({ start, end }));
}

/** The anchor of the sentence text[start, end); one longer than a quote may be is anchored by its first QUOTE_MAX_CHARS. */
export function sentenceAnchor(text: string, { start, end }: { start: number; end: number }): TextQuoteAnchor | undefined {
  const cut = start + codePointsAfter(text, start, QUOTE_MAX_CHARS).length;
  const built = anchorAt(text, start, Math.min(end, cut));
  return 'anchor' in built ? built.anchor : undefined;
}

/** The anchor of each sentence that has one (see sentenceAnchor). */
export function sentenceAnchors(text: string): TextQuoteAnchor[] {
  return sentenceRanges(text).flatMap((range) => sentenceAnchor(text, range) ?? []);
}
