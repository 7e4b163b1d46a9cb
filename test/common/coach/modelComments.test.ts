// The gate for model-written comments: exact quotes, real questions, and never the model's own wording.
import { describe, expect, it } from 'vitest';
import { filterModelComments } from '../../../src/common/coach/index.ts';

const PARAGRAPH = 'The arm hung from the robot like a broken wing. I remember the dry crack that cut through the gym.';
const good = { quote: 'like a broken wing', question: 'What did the gym sound like after the crack?' };

describe('filterModelComments', () => {
  it('keeps a comment that quotes the paragraph exactly and asks a question, with its other fields', () => {
    const comment = { ...good, kind: 'specificity', source: 'model' };
    expect(filterModelComments(PARAGRAPH, [comment])).toEqual([comment]);
  });

  it.each([
    ['a quote not in the paragraph', { quote: 'like a broken arm', question: 'What happened next?' }],
    ['a quote with different spacing', { quote: 'like  a broken wing', question: 'What happened next?' }],
    ['an empty quote', { quote: '', question: 'What happened next?' }],
    ['a statement, not a question', { quote: 'like a broken wing', question: 'Describe the sound more.' }],
    ['a question mark before trailing words', { quote: 'like a broken wing', question: 'What happened? Tell me.' }],
    ['"try:" with wording', { quote: 'like a broken wing', question: 'Try: the arm dangled uselessly. Does that work?' }],
    ['"instead write"', { quote: 'like a broken wing', question: 'Could you instead write about the silence?' }],
    ['"replace … with"', { quote: 'like a broken wing', question: 'Why not replace the wing with something mechanical?' }],
    ['"you could say"', { quote: 'like a broken wing', question: 'You could say it dangled, right?' }],
    ['"consider writing"', { quote: 'like a broken wing', question: 'Would you consider writing it as a list?' }],
    ['a quoted passage of five words that are not the student\'s', { quote: 'like a broken wing', question: 'Does "the arm dangled like a puppet" fit better?' }],
    ['a curly-quoted passage that is not the student\'s', { quote: 'like a broken wing', question: 'What about “my heart sank into the floor” here?' }],
    ['an over-long question', { quote: 'like a broken wing', question: `${'Why '.repeat(80)}?` }],
    ['an over-long quote', { quote: PARAGRAPH.repeat(4), question: 'Why?' }],
  ])('drops %s', (_case, comment) => {
    expect(filterModelComments(PARAGRAPH.repeat(5), [comment])).toEqual([]);
  });

  it('keeps a question that quotes five or more of the student\'s own words, and a short quoted word of its own', () => {
    const own = { quote: 'the dry crack', question: 'What did "the dry crack that cut through" mean to you then?' };
    const short = { quote: 'the dry crack', question: 'Is "crack" the word you hear when you remember it?' };
    expect(filterModelComments(PARAGRAPH, [own, short])).toEqual([own, short]);
  });

  it('keeps the good ones of a mixed list, in order', () => {
    const bad = { quote: 'a broken wing', question: 'Try: a snapped wing?' };
    const second = { quote: 'I remember', question: 'What do you remember first?' };
    expect(filterModelComments(PARAGRAPH, [good, bad, second])).toEqual([good, second]);
  });

  it('reads every quoted passage of a question, not only the first', () => {
    const many = { quote: 'a', question: `${'"a a a a" '.repeat(20)}"x y z w v"?` };
    expect(filterModelComments('a a a a', [many])).toEqual([]);
    const mine = { quote: 'a', question: `${'"a a a a" '.repeat(20)}?` };
    expect(filterModelComments('a a a a', [mine])).toEqual([mine]);
  });
});
