// How the coach cuts a draft: paragraphs, sentences and words, each with its offsets in the trimmed paragraph,
// so every quote it makes is the student's exact text. Sentences are found by a plain scan, not a pattern.
import { codePointLength, cutToCodePoints } from '../text/codePoints.ts';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, COACH_QUOTE_MAX } from './limits.ts';

export interface Token {
  text: string;
  /** Lower case, with a curly apostrophe made straight: what the word lists hold. */
  lower: string;
  start: number;
  end: number;
  /** First word of its sentence or of a quotation: a capital there says nothing about a name. */
  initial: boolean;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

const BLANK_LINES = /\n\s*\n/;

/**
 * Paragraphs as the student sees them: split on blank lines (CRLF too), trimmed, empty ones dropped. A draft
 * past the coach's limits (which the API refuses) is read up to them.
 */
export function splitParagraphs(draft: string): string[] {
  const text = codePointLength(draft) > COACH_MAX_CHARS ? cutToCodePoints(draft, COACH_MAX_CHARS) : draft;
  return text.split(BLANK_LINES).map((part) => part.trim()).filter((part) => part !== '').slice(0, COACH_MAX_PARAGRAPHS);
}

/** How many paragraphs a text holds, with no limit. */
export const paragraphCount = (text: string): number => text.split(BLANK_LINES).filter((part) => part.trim() !== '').length;

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const CLOSERS = new Set(['.', '!', '?', '"', '”', '’', "'", ')', ']']);
const OPENERS = new Set(['"', '“', '‘', '(', ':', '—', '–']);
/** Words whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'jr', 'sr', 'vs', 'etc', 'e.g', 'i.e', 'a.m', 'p.m', 'mt']);

/** The characters `\s` and `trim()` treat as white space, by code: the scan below runs once per character. */
function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
const isSpace = (text: string, index: number): boolean => index >= 0 && index < text.length && isSpaceCode(text.charCodeAt(index));
const FULL_STOP = 46;
const NEWLINE = 10;
const isTerminator = (code: number): boolean => code === FULL_STOP || code === 33 || code === 63 || code === NEWLINE;

function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && !isSpace(text, start - 1)) start -= 1;
  return text.slice(start, end).toLowerCase();
}

/** Tokens of text[start, end), offsets in `text`. */
export function tokensOf(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  for (const match of text.slice(start, end).matchAll(WORD)) {
    const at = start + match.index;
    let before = at - 1;
    while (before >= start && isSpace(text, before)) before -= 1;
    const word = match[0];
    tokens.push({
      text: word, lower: word.toLowerCase().replaceAll('’', "'"), start: at, end: at + word.length,
      initial: tokens.length === 0 || OPENERS.has(text[before] ?? ''),
    });
  }
  return tokens;
}

function sentence(text: string, from: number, to: number): Sentence | null {
  let start = from;
  let end = to;
  while (start < end && isSpace(text, start)) start += 1;
  while (end > start && isSpace(text, end - 1)) end -= 1;
  return start === end ? null : { text: text.slice(start, end), start, end, tokens: tokensOf(text, start, end) };
}

/** The sentences of a trimmed paragraph; a paragraph without a full stop is one sentence. */
export function splitSentences(text: string): Sentence[] {
  const found: Sentence[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isTerminator(code)) continue;
    let end = index + 1;
    while (end < text.length && CLOSERS.has(text[end]!)) end += 1;
    const endsHere = code === NEWLINE || end >= text.length || isSpace(text, end);
    if (endsHere && !(code === FULL_STOP && ABBREVIATIONS.has(wordBefore(text, index)))) {
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

/** A quote of at most COACH_QUOTE_MAX characters: the start of `text`, cut after a whole word where it can be. */
export function clipQuote(text: string): string {
  if (text.length <= COACH_QUOTE_MAX) return text;
  // Cut by UTF-16 units, never inside a surrogate pair: within the limit however it is counted.
  const high = text.charCodeAt(COACH_QUOTE_MAX - 1);
  const cut = text.slice(0, high >= 0xd800 && high <= 0xdbff ? COACH_QUOTE_MAX - 1 : COACH_QUOTE_MAX);
  let space = cut.length - 1;
  while (space > 0 && !isSpace(cut, space)) space -= 1;
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd();
}

/** A few of the student's words to name inside a question, never long enough to crowd it. */
export function shortPhrase(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** True when the first letter of a token is a capital. */
export const isCapitalised = (token: Token): boolean => {
  const first = token.text[0] ?? '';
  return first !== first.toLowerCase() && first === first.toUpperCase();
};

/** A sentence without the marks that end it, for naming inside a question. */
export function withoutEndMarks(text: string): string {
  let end = text.length;
  while (end > 0 && CLOSERS.has(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}
