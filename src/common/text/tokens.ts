// Words with their offsets, as every reader of a student's text cuts them (the coach's rules, the essay composer's
// rhythm): letters and digits, joined by an apostrophe or a hyphen. A title or an initial keeps its full stop
// ("Mrs.", "Dr.", "J.", "U.S."), so a name that follows it stays one run of capitalised words.

export interface Token {
  text: string;
  /** Lower case, with a curly apostrophe made straight: what the word lists hold. */
  lower: string;
  start: number;
  end: number;
  /** First word of its range or of a quotation: a capital there says nothing about a name. */
  initial: boolean;
}

// Dotted letters ("U.S.", "e.g.", "a.m.") first, then a word; each alternative reads a character once.
const WORD = /\p{L}(?:\.\p{L})+\.?|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const OPENERS = new Set(['"', '“', '‘', '(', ':', '—', '–']);
/** Words whose full stop is part of the word, not the end of a sentence. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'jr', 'sr', 'vs', 'etc', 'mt', 'ft']);
const DOTTED = /^\p{L}(?:\.\p{L})+\.?$/u;
const FULL_STOP = 46;

/** The characters `\s` and `trim()` treat as white space, by code: the scans here run once per character. */
export function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
export const isSpace = (text: string, index: number): boolean => index >= 0 && index < text.length && isSpaceCode(text.charCodeAt(index));

/** True when the first letter of a token is a capital. */
export const isCapitalised = (token: Pick<Token, 'text'>): boolean => {
  const first = token.text[0] ?? '';
  return first !== first.toLowerCase() && first === first.toUpperCase();
};

/**
 * True when a full stop after `word` belongs to it: a title or a common abbreviation ("Mrs", "St", "etc"), dotted
 * letters ("U.S", "e.g"), or an initial: one capital letter other than "I" ("J" of "J. R. R. Tolkien").
 */
export function keepsFullStop(word: string): boolean {
  if (DOTTED.test(word)) return true;
  if (word.length === 1) return word !== 'I' && isCapitalised({ text: word });
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Tokens of text[start, end), offsets in `text`. */
export function tokensOf(text: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  for (const match of text.slice(start, end).matchAll(WORD)) {
    const at = start + match.index;
    let word = match[0];
    if (!word.endsWith('.') && at + word.length < end && text.charCodeAt(at + word.length) === FULL_STOP && keepsFullStop(word)) word += '.';
    let before = at - 1;
    while (before >= start && isSpace(text, before)) before -= 1;
    tokens.push({
      text: word, lower: word.toLowerCase().replaceAll('’', "'"), start: at, end: at + word.length,
      initial: tokens.length === 0 || OPENERS.has(text[before] ?? ''),
    });
  }
  return tokens;
}
