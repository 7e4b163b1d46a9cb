// One line of text a person reads as written: a topic idea or title. The server and the topics page apply the
// same rule, so a title the page accepts is never refused by the server, and what the server echoes into
// questions and essays can neither reorder the text around it (bidirectional overrides and isolates), hide
// characters (zero-width padding), break a line, nor smear over its neighbours (stacks of combining marks).
// Essays, drafts and answers never go through it: they are the student's words, kept as typed.
import { codePointLength, cutToCodePoints } from './codePoints.ts';

/** The longest one-line text by default: a topic title's limit. */
export const ONE_LINE_MAX_CHARS = 300;
/** Accents and other combining marks one character may carry; real scripts need no more. */
export const MAX_MARKS_PER_CHARACTER = 3;

export type OneLine = { value: string } | { problem: string };

export interface OneLineOptions {
  /** The longest text, in code points (ONE_LINE_MAX_CHARS unless given). */
  maxChars?: number;
  /**
   * For text the app did not get from the student (a model's answer): mend instead of refusing. Line breaks
   * and other control characters become spaces, marks beyond the limit are dropped, a long text is cut.
   */
  repair?: boolean;
}

// Each pattern matches one code point, so each test is constant time.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/**
 * What Unicode says a renderer may show as nothing (Default_Ignorable_Code_Point): directional marks, embeddings,
 * overrides and isolates, zero-width spaces, word joiners, byte-order marks, soft hyphens, fillers that draw
 * blank. Joiners, variation selectors and emoji tags are among them and are judged on their own below.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const VARIATION_SELECTOR = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
/** The tags that spell a subdivision flag after a black flag (🏴 + "gbeng" + cancel tag). */
const EMOJI_TAG = /[\u{e0020}-\u{e007f}]/u;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;
/** What may stand before a zero-width joiner in an emoji sequence (a pictograph, a skin tone, a variation selector, a tag). */
const EMOJI_BEFORE_JOINER = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f\u{e0020}-\u{e007f}]/u;
const EMOJI_AFTER_JOINER = /\p{Extended_Pictographic}/u;
const ZWJ = '\u200d';
const ZWNJ = '\u200c';

const TOO_LONG = (max: number): string => `must be at most ${max} characters long`;
const NOT_ONE_LINE = 'must be one line of text';
const TOO_MANY_MARKS = `must not stack more than ${MAX_MARKS_PER_CHARACTER} accents or marks on one character`;

/** The characters a joiner stands between: the last kept one, the base of the marks it carries, the next one. */
interface JoinerPlace { last: string; base: string; next: string | undefined }

/** Whether a joiner binds something here: ZWJ inside an emoji sequence, ZWNJ between two letters (marks and all). */
function joinerKept(joiner: string, { last, base, next }: JoinerPlace): boolean {
  if (next === undefined) return false;
  if (joiner === ZWJ) return EMOJI_BEFORE_JOINER.test(last) && EMOJI_AFTER_JOINER.test(next);
  return LETTER.test(base) && LETTER.test(next);
}

/** One pass over the code points of an NFC text: the kept ones, or the first problem. */
function walk(chars: readonly string[], repair: boolean): OneLine {
  const kept: string[] = [];
  let last = '';
  let base = '';
  let marks = 0;
  const keep = (char: string, isMark: boolean): void => {
    kept.push(char);
    last = char;
    if (!isMark) {
      base = char;
      marks = 0;
    }
  };
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    if (EMOJI_TAG.test(char)) {
      if (EMOJI_BEFORE_JOINER.test(last)) keep(char, true);
      continue;
    }
    if (INVISIBLE.test(char) && char !== ZWJ && char !== ZWNJ && !VARIATION_SELECTOR.test(char)) continue;
    if (CONTROL.test(char)) {
      if (!repair) return { problem: NOT_ONE_LINE };
      keep(' ', false);
    } else if (char === ZWJ || char === ZWNJ) {
      if (joinerKept(char, { last, base, next: chars[index + 1] })) kept.push(char);
    } else if (MARK.test(char)) {
      marks += 1;
      if (marks <= MAX_MARKS_PER_CHARACTER) keep(char, true);
      else if (!repair) return { problem: TOO_MANY_MARKS };
    } else {
      keep(char, false);
    }
  }
  return { value: kept.join('') };
}

/**
 * A topic idea or title as one line: NFC; a line break, tab or other control character refused ("must be one
 * line of text"); what Unicode calls default-ignorable (directional marks and controls, zero-width spaces, word
 * joiners, byte-order marks, soft hyphens, blank fillers) removed; a
 * zero-width joiner kept only inside an emoji sequence (👩‍💻) and a zero-width non-joiner only between letters
 * (Persian می‌خواهم); more than three combining marks on one character refused; spaces at either end trimmed.
 * Problems are worded to follow the field's name ("Your topic title must be one line of text").
 */
export function normaliseOneLine(text: string, options: OneLineOptions = {}): OneLine {
  const max = options.maxChars ?? ONE_LINE_MAX_CHARS;
  const repair = options.repair === true;
  // The bound comes first: every later step is linear, but none of it runs on more than `max` characters.
  let bounded = text;
  if (codePointLength(text) > max) {
    if (!repair) return { problem: TOO_LONG(max) };
    bounded = cutToCodePoints(text, max);
  }
  const walked = walk([...bounded.normalize('NFC')], repair);
  if ('problem' in walked) return walked;
  const value = repair ? walked.value.replace(/ {2,}/g, ' ').trim() : walked.value.trim();
  // Composing never lengthens a text by much, but a text at the limit may still end up over it.
  if (codePointLength(value) > max) return repair ? { value: cutToCodePoints(value, max).trim() } : { problem: TOO_LONG(max) };
  return { value };
}

/** A title the app wrote or a model returned, mended into one line of at most `maxChars` ('' when nothing is left). */
export function repairedOneLine(text: string, maxChars = ONE_LINE_MAX_CHARS): string {
  const result = normaliseOneLine(text, { maxChars, repair: true });
  return 'value' in result ? result.value : '';
}
