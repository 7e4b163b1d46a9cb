// Where a reader's comment points: the W3C Web Annotation text-quote selector (the exact words, with the words
// just before and after them) and the words' position in the shared snapshot. The reader's page builds it from a
// selection; the server checks it against the snapshot it holds, so a comment can never point at words the
// student did not share.
import { codePointLength } from '../text/codePoints.ts';

/** The longest quote, in code points. */
export const QUOTE_MAX_CHARS = 500;
/** Code points of context kept on each side of the quote (fewer only where the text begins or ends). */
export const CONTEXT_CHARS = 32;

export interface TextQuoteAnchor {
  quote: string;
  /** The CONTEXT_CHARS code points before the quote in the snapshot. */
  prefix: string;
  /** The CONTEXT_CHARS code points after it. */
  suffix: string;
  /** The quote's offsets in the snapshot, in UTF-16 units (string indices): snapshot.slice(start, end) is the quote. */
  start: number;
  end: number;
}

export type AnchorResult = { anchor: TextQuoteAnchor } | { problem: string };

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
const splitsPair = (text: string, at: number): boolean => isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));

/** The `count` code points before `at` (fewer at the start of the text). */
export function codePointsBefore(text: string, at: number, count: number): string {
  let from = at;
  for (let kept = 0; kept < count && from > 0; kept += 1) from -= splitsPair(text, from - 1) ? 2 : 1;
  return text.slice(from, at);
}

/** The `count` code points from `at` (fewer at the end of the text). */
export function codePointsAfter(text: string, at: number, count: number): string {
  let to = at;
  for (let kept = 0; kept < count && to < text.length; kept += 1) to += splitsPair(text, to + 1) ? 2 : 1;
  return text.slice(at, to);
}

/**
 * The anchor of text[start, end): refused when the range is empty or outside the text, cuts a character in
 * half, holds only white space, or is longer than QUOTE_MAX_CHARS.
 */
export function anchorAt(text: string, start: number, end: number): AnchorResult {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end > text.length || start >= end) {
    return { problem: 'must be some of the shared text' };
  }
  if (splitsPair(text, start) || splitsPair(text, end)) return { problem: 'must not cut a character in half' };
  const quote = text.slice(start, end);
  if (quote.trim() === '') return { problem: 'must hold some words' };
  if (codePointLength(quote) > QUOTE_MAX_CHARS) return { problem: `must be at most ${QUOTE_MAX_CHARS} characters long` };
  return {
    anchor: { quote, prefix: codePointsBefore(text, start, CONTEXT_CHARS), suffix: codePointsAfter(text, end, CONTEXT_CHARS), start, end },
  };
}

/**
 * Why an anchor a reader sent does not fit the snapshot, or undefined when it does: the quote must be the
 * snapshot's text at its position, with the snapshot's own context around it.
 */
export function anchorProblem(snapshot: string, anchor: TextQuoteAnchor): string | undefined {
  const built = anchorAt(snapshot, anchor.start, anchor.end);
  if ('problem' in built) return `The quote ${built.problem}.`;
  const { quote, prefix, suffix } = built.anchor;
  if (quote !== anchor.quote || prefix !== anchor.prefix || suffix !== anchor.suffix) {
    return 'The quote is not in the shared text at its position.';
  }
  return undefined;
}
