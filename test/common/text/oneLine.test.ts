// The one-line rule for topic ideas and titles, rule by rule: what is refused, what is removed, what is kept.
import { describe, expect, it } from 'vitest';
import { normaliseOneLine, repairedOneLine } from '../../../src/common/text/oneLine.ts';

const valueOf = (text: string): string => {
  const result = normaliseOneLine(text);
  if ('problem' in result) throw new Error(`refused ${JSON.stringify(text)}: ${result.problem}`);
  return result.value;
};
const problemOf = (text: string): string | undefined => {
  const result = normaliseOneLine(text);
  return 'problem' in result ? result.problem : undefined;
};
const hex = (text: string): string[] => [...text].map((char) => (char.codePointAt(0) ?? 0).toString(16));

describe('normaliseOneLine', () => {
  it('keeps an ordinary title as it is, trimmed', () => {
    expect(normaliseOneLine('  Fixing bikes on our front steps  ')).toEqual({ value: 'Fixing bikes on our front steps' });
  });

  it('composes to NFC: a letter and its accent become one character', () => {
    expect(hex(valueOf('Cafe\u0301 nights'))).toEqual(hex('Caf\u00e9 nights'));
    expect(valueOf('Cafe\u0301')).toHaveLength(4);
  });

  it.each([
    ['a line feed', 'My brother\nand the bus'],
    ['a carriage return', 'My brother\rand the bus'],
    ['a tab', 'My brother\tand the bus'],
    ['NUL', 'My brother\u0000'],
    ['DEL', 'My brother\u007f'],
    ['a C1 next line', 'My brother\u0085and the bus'],
    ['another C1 control', 'My brother\u009b31m'],
    ['a line separator', 'My brother\u2028and the bus'],
    ['a paragraph separator', 'My brother\u2029and the bus'],
  ])('refuses %s as not one line', (_name, text) => {
    expect(normaliseOneLine(text)).toEqual({ problem: 'must be one line of text' });
  });

  it.each([
    ['U+202A–U+202E (embeddings and overrides)', '\u202a\u202b\u202c\u202d\u202e'],
    ['U+2066–U+2069 (isolates)', '\u2066\u2067\u2068\u2069'],
    ['U+200B (zero-width space)', '\u200b'],
    ['U+FEFF (byte-order mark)', '\ufeff'],
    ['U+2060 (word joiner)', '\u2060'],
    ['U+200E, U+200F, U+061C (directional marks)', '\u200e\u200f\u061c'],
    ['U+2061–U+2064 (invisible operators)', '\u2061\u2062\u2063\u2064'],
    ['U+00AD (soft hyphen) and U+180E (Mongolian vowel separator)', '\u00ad\u180e'],
    ['U+3164, U+FFA0, U+115F (fillers that draw blank)', '\u3164\uffa0\u115f'],
    ['U+034F (combining grapheme joiner)', '\u034f'],
  ])('removes %s wherever they stand', (_name, invisible) => {
    expect(valueOf(`${invisible}Bus${invisible} stop${invisible}`)).toBe('Bus stop');
  });

  it('removes a right-to-left override that would show the title reversed', () => {
    expect(valueOf('My essay about \u202egnihtyreve\u202c')).toBe('My essay about gnihtyreve');
  });

  it.each([
    ['a woman technologist', '👩\u200d💻'],
    ['a rainbow flag (variation selector before the joiner)', '🏳\ufe0f\u200d🌈'],
    ['a skin tone before the joiner', '👩🏽\u200d💻'],
    ['a family of three', '👨\u200d👩\u200d👧'],
    ['a kiss with a heart', '👩\u200d❤\ufe0f\u200d💋\u200d👨'],
    ["England's flag (a black flag and its tags)", '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}'],
  ])('keeps the zero-width joiners of %s', (_name, emoji) => {
    expect(valueOf(`Coding ${emoji} at night`)).toBe(`Coding ${emoji} at night`);
  });

  it('drops emoji tags that follow no emoji', () => {
    expect(valueOf('Bus\u{e0067}\u{e0062} stop\u{e007f}')).toBe('Bus stop');
  });

  it('drops a zero-width joiner anywhere else', () => {
    expect(valueOf('Bus\u200dstop')).toBe('Busstop');
    expect(valueOf('👩\u200d stop')).toBe('👩 stop');
    expect(valueOf('1\u200d2')).toBe('12');
    expect(valueOf('stop\u200d')).toBe('stop');
  });

  it('keeps a zero-width non-joiner between letters (Persian می‌خواهم), with their marks', () => {
    expect(valueOf('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(valueOf('بِ\u200cب')).toBe('بِ\u200cب');
    expect(valueOf('Auf\u200clage')).toBe('Auf\u200clage');
  });

  it('drops a zero-width non-joiner that is not between letters', () => {
    expect(valueOf('\u200cmy topic')).toBe('my topic');
    expect(valueOf('my \u200ctopic')).toBe('my topic');
    expect(valueOf('12\u200c34')).toBe('1234');
    expect(valueOf('topic\u200c')).toBe('topic');
  });

  it('allows three combining marks on one character and refuses a fourth', () => {
    // q has no precomposed forms, so NFC leaves every mark standing on it.
    expect(valueOf('q\u0301\u0302\u0303 topic')).toBe('q\u0301\u0302\u0303 topic');
    expect(normaliseOneLine('q\u0301\u0302\u0303\u0304 topic')).toEqual({ problem: 'must not stack more than 3 accents or marks on one character' });
  });

  it('counts marks after composing, per character, and through removed characters', () => {
    // é and three more marks: NFC takes one into the letter, leaving three.
    expect(valueOf('e\u0301\u0302\u0303\u0304')).toBe('\u00e9\u0302\u0303\u0304');
    expect(valueOf('q\u0301\u0302\u0303q\u0301\u0302\u0303')).toBe('q\u0301\u0302\u0303q\u0301\u0302\u0303');
    expect(problemOf('q\u0301\u0302\u200b\u0303\u0304')).toBe('must not stack more than 3 accents or marks on one character');
    expect(problemOf('\u0301\u0302\u0303\u0304 at the start')).toBe('must not stack more than 3 accents or marks on one character');
  });

  it('keeps real scripts whole: Devanagari, Vietnamese, Hebrew with points, keycaps', () => {
    for (const text of ['क्षत्रिय', 'Tiếng Việt', 'שָׁלוֹם', '1\ufe0f\u20e3 first']) expect(valueOf(text)).toBe(text.normalize('NFC'));
  });

  it('refuses a text over the limit before looking at it, counting code points', () => {
    expect(problemOf('b'.repeat(301))).toBe('must be at most 300 characters long');
    expect(valueOf('😀'.repeat(300))).toHaveLength(600);
    expect(normaliseOneLine('b'.repeat(41), { maxChars: 40 })).toEqual({ problem: 'must be at most 40 characters long' });
  });

  it('leaves only what is visible: invisible characters alone make an empty value', () => {
    expect(normaliseOneLine('\u200b\u202e \ufeff')).toEqual({ value: '' });
  });

  it('is idempotent', () => {
    for (const text of ['می\u200cخواهم', '👩\u200d💻 at \u202enight', 'Cafe\u0301 q\u0301\u0302\u0303']) {
      const once = valueOf(text);
      expect(valueOf(once)).toBe(once);
    }
  });
});

describe('repairedOneLine (a title the app or a model wrote)', () => {
  it('mends instead of refusing: breaks become spaces, extra marks and invisible characters go, a long title is cut', () => {
    expect(repairedOneLine('Robotics\n\tteam\u2028captain')).toBe('Robotics team captain');
    expect(repairedOneLine('q\u0301\u0302\u0303\u0304\u0305 topic')).toBe('q\u0301\u0302\u0303 topic');
    expect(repairedOneLine('\u202eevil\u202c title\u200b')).toBe('evil title');
    expect(repairedOneLine('b'.repeat(500), 300)).toBe('b'.repeat(300));
    expect(repairedOneLine('\u200b\u2066\u2069')).toBe('');
  });
});
