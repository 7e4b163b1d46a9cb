import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONTEXT_CHARS, QUOTE_MAX_CHARS, anchorAt, anchorProblem, type TextQuoteAnchor } from '../../../src/common/comments/anchor.ts';
import { MAX_CANDIDATES, SEARCH_MAX_UNITS, reanchorer } from '../../../src/common/comments/reanchor.ts';
import { anchoringCases, type Spot } from './anchorCorpus.ts';

/** The offset of a spot in a text, failing the test when the text does not hold it. */
function offsetOf(text: string, { words, occurrence = 0 }: Spot): number {
  let at = -1;
  for (let seen = 0; seen <= occurrence; seen += 1) {
    at = text.indexOf(words, at + 1);
    if (at < 0) throw new Error(`the case's text does not hold "${words}" ${occurrence + 1} times`);
  }
  return at;
}

function anchorOn(text: string, spot: Spot): TextQuoteAnchor {
  const start = offsetOf(text, spot);
  const built = anchorAt(text, start, start + spot.words.length);
  if ('problem' in built) throw new Error(built.problem);
  return built.anchor;
}

describe('anchorAt', () => {
  const text = `${'a'.repeat(40)} the words ${'b'.repeat(40)}`;

  it('keeps the quote, 32 characters each side and the position', () => {
    expect(anchorAt(text, 41, 50)).toEqual({
      anchor: { quote: 'the words', prefix: `${'a'.repeat(31)} `, suffix: ` ${'b'.repeat(31)}`, start: 41, end: 50 },
    });
  });

  it('keeps less context where the text begins or ends, and counts an emoji as one character', () => {
    expect(anchorAt('Hi there', 0, 2)).toEqual({ anchor: { quote: 'Hi', prefix: '', suffix: ' there', start: 0, end: 2 } });
    const emoji = `${'🎣'.repeat(40)}x`;
    const built = anchorAt(emoji, emoji.length - 1, emoji.length);
    expect('anchor' in built && built.anchor.prefix).toBe('🎣'.repeat(CONTEXT_CHARS));
  });

  it('refuses an empty, reversed, outside or blank range, half an emoji and an over-long quote', () => {
    expect(anchorAt(text, 5, 5)).toEqual({ problem: 'must be some of the shared text' });
    expect(anchorAt(text, 6, 5)).toEqual({ problem: 'must be some of the shared text' });
    expect(anchorAt(text, -1, 5)).toEqual({ problem: 'must be some of the shared text' });
    expect(anchorAt(text, 0, text.length + 1)).toEqual({ problem: 'must be some of the shared text' });
    expect(anchorAt(text, 0.5, 3)).toEqual({ problem: 'must be some of the shared text' });
    expect(anchorAt('a   b', 1, 4)).toEqual({ problem: 'must hold some words' });
    expect(anchorAt('a🎣b', 1, 2)).toEqual({ problem: 'must not cut a character in half' });
    const long = 'x'.repeat(QUOTE_MAX_CHARS + 1);
    expect(anchorAt(long, 0, QUOTE_MAX_CHARS)).toHaveProperty('anchor');
    expect(anchorAt(long, 0, QUOTE_MAX_CHARS + 1)).toEqual({ problem: 'must be at most 500 characters long' });
    // 500 emoji are 1,000 UTF-16 units and still 500 characters.
    expect(anchorAt('🎣'.repeat(QUOTE_MAX_CHARS), 0, 2 * QUOTE_MAX_CHARS)).toHaveProperty('anchor');
  });
});

describe('anchorProblem', () => {
  const snapshot = 'I wanted to quit. Then I stayed, and I wanted to win.';
  const good = anchorOn(snapshot, { words: 'I wanted to', occurrence: 1 });

  it('accepts the anchor the snapshot makes', () => {
    expect(anchorProblem(snapshot, good)).toBeUndefined();
  });

  it('refuses a quote not in the snapshot, or not at its position, or with other context', () => {
    expect(anchorProblem(snapshot, { ...good, quote: 'I wanted to lose' })).toBe('The quote is not in the shared text at its position.');
    expect(anchorProblem(snapshot, { ...good, start: 0, end: good.quote.length })).toBe('The quote is not in the shared text at its position.');
    expect(anchorProblem(snapshot, { ...good, prefix: 'made up' })).toBe('The quote is not in the shared text at its position.');
    expect(anchorProblem(snapshot, { ...good, suffix: '' })).toBe('The quote is not in the shared text at its position.');
    expect(anchorProblem(snapshot, { ...good, end: snapshot.length + 5 })).toBe('The quote must be some of the shared text.');
  });
});

describe('reanchoring on the corpus of edits', () => {
  it.each(anchoringCases)('$name', ({ snapshot, comment, version, expected }) => {
    const placement = reanchorer(snapshot, version)(anchorOn(snapshot, comment));
    if (expected === 'changed') {
      expect(placement).toEqual({ state: 'changed' });
    } else {
      // The exact place: the right words, and the right occurrence of them.
      const start = offsetOf(version, expected);
      expect(placement).toEqual({ state: 'anchored', start, end: start + expected.words.length });
    }
  });

  it('covers each kind of edit with cases that stay anchored and cases that change', () => {
    expect(anchoringCases.filter((item) => item.expected === 'changed').length).toBeGreaterThanOrEqual(8);
    expect(anchoringCases.filter((item) => item.expected !== 'changed').length).toBeGreaterThanOrEqual(15);
  });

  it('answers "changed" for an anchor that does not fit its snapshot', () => {
    const snapshot = 'She watched the water.';
    expect(reanchorer(snapshot, snapshot)({ quote: 'the lake', prefix: 'She watched ', suffix: '.', start: 12, end: 20 })).toEqual({ state: 'changed' });
  });
});

describe('one-character quotes among copies (found by the properties below)', () => {
  // Each: the snapshot, the quote's offset, the version, and where the quote's character is now (or undefined when
  // the edit removed it): the comment is there or "changed", never on another copy.
  const cases: [string, number, string, number | undefined][] = [
    // The context weighed next to the quote: the end of the text is not found six characters away for free.
    ['I the book book the I lake.', 26, 'I the b.!lake.', 13],
    // Two copies as close as each other, on a text cut short by the edit.
    ['the never the never.', 14, 'the nenever.', 6],
    ['lake the lake the.', 0, '    e the lake the.', undefined],
  ];
  it.each(cases)('%j at %i in %j', (snapshot, start, version, now) => {
    const built = anchorAt(snapshot, start, start + 1);
    if ('problem' in built) throw new Error(built.problem);
    const placement = reanchorer(snapshot, version)(built.anchor);
    if (placement.state === 'anchored') expect(placement.start).toBe(now);
  });
});

describe('bounds', () => {
  it('places no comment on a text longer than the bound on work', () => {
    const filler = 'word '.repeat(SEARCH_MAX_UNITS / 5);
    const snapshot = `She watched the water. ${filler}`;
    const anchor = anchorOn(snapshot, { words: 'watched the water' });
    const within = snapshot.slice(0, SEARCH_MAX_UNITS - 5);
    expect(reanchorer(within, `Yes. ${within}`)(anchorOn(within, { words: 'watched the water' }))).toEqual({ state: 'anchored', start: 9, end: 26 });
    expect(reanchorer(snapshot, `Yes. ${snapshot}`)(anchor)).toEqual({ state: 'changed' });
  });

  it('weighs at most MAX_CANDIDATES places of one quote', () => {
    // Each copy of "I fished" between words of its own, so the context can tell them apart (a sentence shorter
    // than the context would take its neighbours' words along, which a move changes).
    const tag = (index: number): string => {
      let seed = Math.imul(index + 1, 2654435761) >>> 0;
      return Array.from({ length: 8 }, () => {
        seed = Math.imul(seed ^ (seed >>> 13), 1274126177) >>> 0;
        return String.fromCharCode(97 + (seed % 26));
      }).join('');
    };
    const diary = (count: number): string[] => Array.from({ length: count }, (_, index) => `On ${tag(index)} by the lake I fished until ${tag(index)} came.`);
    for (const [count, expected] of [[MAX_CANDIDATES, 'anchored'], [MAX_CANDIDATES + 1, 'changed']] as const) {
      const days = diary(count);
      const snapshot = days.join(' ');
      // The second day moved to the end: only the search finds it.
      const version = [...days.slice(0, 1), ...days.slice(2), days[1]].join(' ');
      const placement = reanchorer(snapshot, version)(anchorOn(snapshot, { words: 'I fished', occurrence: 1 }));
      expect(placement.state).toBe(expected);
      if (placement.state === 'anchored') expect(placement.start).toBe(version.lastIndexOf('I fished'));
    }
  });
});

describe('properties', () => {
  const words = fc.constantFrom('the', 'lake', 'fish', 'she', 'quiet', 'morning', 'I', 'water,', 'dawn.', 'never', 'book');
  const sentence = fc.array(words, { minLength: 3, maxLength: 12 }).map((list) => `${list.join(' ')}.`);
  const text = fc.array(sentence, { minLength: 1, maxLength: 8 }).map((list) => list.join(' '));

  it('finds the same words after insertions elsewhere in the text', () => {
    fc.assert(fc.property(text, text, sentence, fc.nat(), (before, after, inserted, where) => {
      const quoteText = 'my grandmother taught me to fish';
      const snapshot = `${before} ${quoteText} ${after}`;
      const quoteStart = before.length + 1;
      const anchor = anchorOn(snapshot, { words: quoteText, occurrence: 0 });
      // Insert a sentence at a word boundary outside the quote.
      const gaps = [0, ...[...snapshot.matchAll(/ /g)].map((match) => match.index + 1)]
        .filter((at) => at <= quoteStart || at > quoteStart + quoteText.length);
      const at = gaps[where % gaps.length]!;
      const version = `${snapshot.slice(0, at)}${inserted} ${snapshot.slice(at)}`;
      const shift = at <= quoteStart ? inserted.length + 1 : 0;
      expect(reanchorer(snapshot, version)(anchor)).toEqual({ state: 'anchored', start: quoteStart + shift, end: quoteStart + shift + quoteText.length });
    }), { numRuns: 300 });
  });

  it('never puts a comment anywhere but where its words went, whatever one edit does', () => {
    // Texts of a few common words, so every quote has copies elsewhere; one edit replaces a stretch anywhere.
    fc.assert(fc.property(text, fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.string({ maxLength: 30 }), (snapshot, from, length, at, removed, inserted) => {
      const start = from % snapshot.length;
      const built = anchorAt(snapshot, start, Math.min(snapshot.length, start + 1 + (length % 40)));
      if ('problem' in built) return;
      const { end } = built.anchor;
      const cut = at % (snapshot.length + 1);
      const cutEnd = Math.min(snapshot.length, cut + (removed % 20));
      const version = snapshot.slice(0, cut) + inserted + snapshot.slice(cutEnd);
      // Where the quote's characters are in the version: moved by the edit when after it, replaced by the edit's
      // text when inside it (which may well hold the same words again).
      const shift = inserted.length - (cutEnd - cut);
      const first = start < cut ? start : start >= cutEnd ? start + shift : cut;
      const last = end - 1 < cut ? end - 1 : end - 1 >= cutEnd ? end - 1 + shift : cut + inserted.length - 1;
      const placement = reanchorer(snapshot, version)(built.anchor);
      if (placement.state === 'anchored') {
        expect(placement.start).toBeLessThanOrEqual(last + 1);
        expect(placement.end).toBeGreaterThanOrEqual(first);
      }
      if (cutEnd <= start || cut >= end) {
        // An edit outside the quote changes none of its characters, but its context: anchored or changed, never elsewhere.
        if (placement.state === 'anchored') expect(version.slice(placement.start, placement.end)).toBe(built.anchor.quote);
      }
    }), { numRuns: 500 });
  });
});
