// Code-point lengths and cuts, and the cleaning of typed text, by example and by property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, codePointLength, cutToCodePoints } from '../../../src/common/text/codePoints.ts';

const hasLoneSurrogate = (text: string): boolean =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('codePointLength', () => {
  it('counts an emoji once, where .length counts it twice', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect('a😀b'.length).toBe(4);
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('\uD83D')).toBe(1);
  });

  it('agrees with the string iterator for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(codePointLength(text)).toBe([...text].length);
    }));
  });
});

describe('cutToCodePoints', () => {
  it('keeps a whole emoji at the limit instead of half of it', () => {
    const answer = `${'x'.repeat(499)}😀`;
    expect(answer.slice(0, 500)).toBe(`${'x'.repeat(499)}\uD83D`); // what a cut by units leaves
    expect(cutToCodePoints(answer, 500)).toBe(answer);
    expect(cutToCodePoints(`${answer}!`, 500)).toBe(answer);
    expect(cutToCodePoints(`${'x'.repeat(500)}😀`, 500)).toBe('x'.repeat(500));
  });

  it('answers at most `max` code points, a prefix, and never a new lone surrogate', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(80), (text, max) => {
      const cut = cutToCodePoints(text, max);
      expect(text.startsWith(cut)).toBe(true);
      expect(codePointLength(cut)).toBe(Math.min(max, codePointLength(text)));
      expect(hasLoneSurrogate(cut)).toBe(false);
    }));
  });
});

describe('cleanText', () => {
  it('removes NUL and replaces lone surrogates, keeping paired ones', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('end \uD83D')).toBe('end \uFFFD');
    expect(cleanText('\uDE00 start')).toBe('\uFFFD start');
    expect(cleanText('ok 😀 مرحبا')).toBe('ok 😀 مرحبا');
  });

  it('leaves nothing PostgreSQL would refuse, whatever was pasted', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      const clean = cleanText(text);
      expect(clean.includes('\u0000')).toBe(false);
      expect(hasLoneSurrogate(clean)).toBe(false);
      expect(codePointLength(clean)).toBe(codePointLength(text.replaceAll('\u0000', '')));
    }));
  });
});
