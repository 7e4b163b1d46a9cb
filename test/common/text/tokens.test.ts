// The one tokeniser: a title, an abbreviation or an initial keeps its full stop, so a name after it is one run of
// capitalised words with nothing but white space between them.
import { describe, expect, it } from 'vitest';
import { keepsFullStop, tokensOf } from '../../../src/common/text/tokens.ts';

const words = (text: string) => tokensOf(text, 0, text.length).map((token) => token.text);

describe('tokensOf', () => {
  it.each([
    ['Mrs. Alvarez lent me a $12 wrench set.', ['Mrs.', 'Alvarez', 'lent', 'me', 'a', '12', 'wrench', 'set']],
    ['Dr. Okafor and St. Jude’s', ['Dr.', 'Okafor', 'and', 'St.', 'Jude’s']],
    ['back to the U.S. with J. R. R. Tolkien', ['back', 'to', 'the', 'U.S.', 'with', 'J.', 'R.', 'R.', 'Tolkien']],
    ['I fixed 40 bikes. I did.', ['I', 'fixed', '40', 'bikes', 'I', 'did']],
  ])('cuts %j', (text, expected) => expect(words(text)).toEqual(expected));

  it('gives each token its offsets and marks the first word of the range or of a quotation', () => {
    const text = 'He said: "Mrs. Alvarez knows."';
    const tokens = tokensOf(text, 0, text.length);
    for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.text);
    expect(tokens.filter((token) => token.initial).map((token) => token.text)).toEqual(['He', 'Mrs.']);
    expect(tokens.find((token) => token.text === 'Alvarez')?.initial).toBe(false);
  });
});

describe('keepsFullStop', () => {
  it.each([['Mrs', true], ['dr', true], ['U.S', true], ['e.g', true], ['J', true], ['I', false], ['a', false], ['bikes', false], ['example.com', false]])(
    '%s → %s', (word, kept) => expect(keepsFullStop(word)).toBe(kept),
  );
});
