// How the coach cuts a draft into paragraphs and clips what it quotes. Sentences and words are cut by the one
// splitter every reader of a student's text shares (common/text), with offsets in the trimmed paragraph, so
// every quote the coach makes is the student's exact text.
import { codePointLength, cutToCodePoints } from '../text/codePoints.ts';
import { isSpace } from '../text/tokens.ts';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, COACH_QUOTE_MAX } from './limits.ts';

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
