// Sentences with their offsets and words, found by one plain scan (no pattern), for every reader of a student's
// text: the coach quotes them, the essay composer builds from them. A sentence ends at ".", "!", "?" or "…"
// followed by white space or the end (closing quotes and brackets stay with it), and at a line break; a full stop
// that belongs to a title, an abbreviation or an initial ("Mrs.", "St.", "U.S.", "J. R. R.") does not end one.
import { isSpace, isSpaceCode, keepsFullStop, tokensOf, type Token } from './tokens.ts';

export interface Sentence {
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

const CLOSERS = new Set(['.', '!', '?', '…', '"', '”', '’', "'", ')', ']']);
const FULL_STOP = 46;
const NEWLINE = 10;
const ELLIPSIS = 0x2026;
const isTerminator = (code: number): boolean => code === FULL_STOP || code === 33 || code === 63 || code === ELLIPSIS || code === NEWLINE;
const OPENING_MARKS = /^["“‘(]+/;
const OPENERS = new Set(['"', '“', '‘', '(']);
const DIGIT = /\p{N}/u;

/**
 * True when what follows the white space at `from` can open a sentence: a capital or a digit, after any opening
 * quotes or brackets ("then we left" after a full stop continues the sentence, as "approx. five" does).
 */
function opensSentence(text: string, from: number): boolean {
  let at = from;
  while (at < text.length && isSpaceCode(text.charCodeAt(at))) at += 1;
  while (at < text.length && OPENERS.has(text[at]!)) at += 1;
  const next = String.fromCodePoint(text.codePointAt(at) ?? 32);
  return at >= text.length || DIGIT.test(next) || next !== next.toLowerCase();
}

/** The word a full stop at `end` follows, without opening quotes or brackets. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && !isSpace(text, start - 1)) start -= 1;
  return text.slice(start, end).replace(OPENING_MARKS, '');
}

function sentence(text: string, from: number, to: number): Sentence | null {
  let start = from;
  let end = to;
  while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
  while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
  return start === end ? null : { text: text.slice(start, end), start, end, tokens: tokensOf(text, start, end) };
}

/** The sentences of a text, offsets in it; a text without an end mark is one sentence. */
export function splitSentences(text: string): Sentence[] {
  const found: Sentence[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isTerminator(code)) continue;
    let end = index + 1;
    while (end < text.length && CLOSERS.has(text[end]!)) end += 1;
    const endsHere = code === NEWLINE || end >= text.length || (isSpace(text, end) && opensSentence(text, end));
    if (endsHere && !(code === FULL_STOP && end === index + 1 && keepsFullStop(wordBefore(text, index)))) {
      const kept = sentence(text, start, end);
      if (kept) found.push(kept);
      start = end;
    }
    index = end - 1;
  }
  const last = sentence(text, start, text.length);
  if (last) found.push(last);
  return found;
}

/** The sentences of a text as strings, those with at least one word. */
export const sentenceTexts = (text: string): string[] =>
  splitSentences(text).filter((one) => one.tokens.length > 0).map((one) => one.text);

/** A sentence without the marks that end it, for naming inside a question. */
export function withoutEndMarks(text: string): string {
  let end = text.length;
  while (end > 0 && CLOSERS.has(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}
