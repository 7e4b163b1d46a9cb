// The one sentence splitter the coach and the essay composer share: titles, abbreviations and initials never end
// a sentence, and every sentence is the text's own words at its own offsets.
import { describe, expect, it } from 'vitest';
import { sentenceTexts, splitSentences, withoutEndMarks } from '../../../src/common/text/sentences.ts';

describe('splitSentences', () => {
  it.each([
    ['Mrs.', 'I asked Mrs. Alvarez for the key. She laughed.', ['I asked Mrs. Alvarez for the key.', 'She laughed.']],
    ['Dr.', 'Dr. Okafor read it twice. Then he nodded.', ['Dr. Okafor read it twice.', 'Then he nodded.']],
    ['St.', 'We met on St. Mark’s Place. It rained.', ['We met on St. Mark’s Place.', 'It rained.']],
    ['U.S.', 'My mother came to the U.S. in 2004 with one bag. I was two.', ['My mother came to the U.S. in 2004 with one bag.', 'I was two.']],
    ['J. R. R.', 'I read J. R. R. Tolkien under the covers. My brother told on me.', ['I read J. R. R. Tolkien under the covers.', 'My brother told on me.']],
    ['a title in quotes', 'She said, "Ask Mr. Lee." I did.', ['She said, "Ask Mr. Lee."', 'I did.']],
  ])('does not end a sentence after %s', (_case, text, expected) => {
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual(expected);
  });

  it('ends a sentence at ! ? … and a line break, with its closing quotes, and keeps offsets into the text', () => {
    const text = '  "Run!" she said. Why? I waited… Then\nthe bell rang';
    const sentences = splitSentences(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual(['"Run!" she said.', 'Why?', 'I waited…', 'Then', 'the bell rang']);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it('reads a full stop before a small letter or a lone "I" as it is written', () => {
    expect(sentenceTexts('We left at 5 a.m. the next day. So did I. Then it snowed.'))
      .toEqual(['We left at 5 a.m. the next day.', 'So did I.', 'Then it snowed.']);
  });

  it('keeps only sentences with a word, as the composer needs', () => {
    expect(sentenceTexts('— . I built it. 40 bikes.')).toEqual(['I built it.', '40 bikes.']);
  });
});

describe('withoutEndMarks', () => {
  it('drops the end marks and closing quotes only', () => expect(withoutEndMarks('It was “enough.”')).toBe('It was “enough'));
});
