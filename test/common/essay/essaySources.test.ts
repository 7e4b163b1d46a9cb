import { describe, expect, it } from 'vitest';
import { essayParagraphs, overlapSources, studentAnswers } from '../../../src/common/essay/essaySources.ts';
import { rewrittenPercent, wordDiff } from '../../../src/common/text/wordDiff.ts';
import { RICH_PROFILES } from '../../fixtures/profiles.ts';

const student = RICH_PROFILES[0]!;

describe('rewrittenPercent: the share of a generated essay the student has rewritten, by words', () => {
  it('is 0 for the untouched text, whatever the spacing, and 100 for a wholly new one', () => {
    expect(rewrittenPercent('one two three four', 'one  two\n\nthree four')).toBe(0);
    expect(rewrittenPercent('one two three four', 'five six seven eight')).toBe(100);
    expect(rewrittenPercent('', '')).toBe(0);
  });

  it('counts replaced, added and removed words over the longer text', () => {
    // Two of ten words replaced.
    expect(rewrittenPercent('a b c d e f g h i j', 'a b X d e f Y h i j')).toBe(20);
    // Five words added to five: half of the ten are new.
    expect(rewrittenPercent('a b c d e', 'a b c d e v w x y z')).toBe(50);
    // Half removed.
    expect(rewrittenPercent('a b c d e f g h', 'a b c d')).toBe(50);
    // Moving a sentence changes its words' order: the moved words count as rewritten.
    expect(rewrittenPercent('a b c d', 'c d a b')).toBe(50);
  });
});

describe('wordDiff: two texts word by word', () => {
  it('marks the words removed and added, runs joined', () => {
    expect(wordDiff('The arm worked at last.', 'The robot arm worked, at last.')).toEqual([
      { op: 'same', text: 'The' }, { op: 'added', text: 'robot' }, { op: 'same', text: 'arm' },
      { op: 'added', text: 'worked,' }, { op: 'removed', text: 'worked' }, { op: 'same', text: 'at last.' },
    ]);
    expect(wordDiff('', 'new words')).toEqual([{ op: 'added', text: 'new words' }]);
    expect(wordDiff('old words', '')).toEqual([{ op: 'removed', text: 'old words' }]);
  });

  // The longest common sequence's length, by the textbook table over whole texts.
  const commonLength = (a: string[], b: string[]): number => {
    const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i += 1) {
      for (let j = 1; j <= b.length; j += 1) {
        table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
      }
    }
    return table[a.length]![b.length]!;
  };
  const wordsIn = (parts: ReturnType<typeof wordDiff>, ops: string[]): string[] =>
    parts.filter((part) => ops.includes(part.op)).flatMap((part) => part.text.split(' '));

  it('rebuilds both texts and keeps as many words as they share, whatever their shared start and end', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = (n: number) => Array.from({ length: n }, () => ['a', 'b', 'c', 'the', 'arm'][random(5)]!);
    for (let round = 0; round < 300; round += 1) {
      const start = words(random(6));
      const end = words(random(6));
      const before = [...start, ...words(random(8)), ...end];
      const after = [...start, ...words(random(8)), ...end];
      const parts = wordDiff(before.join(' '), after.join(' '));
      expect(wordsIn(parts, ['same', 'removed']).filter(Boolean)).toEqual(before);
      expect(wordsIn(parts, ['same', 'added']).filter(Boolean)).toEqual(after);
      expect(wordsIn(parts, ['same']).filter(Boolean)).toHaveLength(commonLength(before, after));
    }
  });

  it('keeps the words an edit in the middle of a long essay left alone', () => {
    const essay = Array.from({ length: 5000 }, (_, index) => `word${index % 97}`);
    const edited = [...essay.slice(0, 2500), 'new', ...essay.slice(2501)];
    expect(wordDiff(essay.join(' '), essay.join(' '))).toEqual([{ op: 'same', text: essay.join(' ') }]);
    expect(wordDiff(essay.join(' '), edited.join(' '))).toEqual([
      { op: 'same', text: essay.slice(0, 2500).join(' ') }, { op: 'added', text: 'new' },
      { op: 'removed', text: essay[2500]! }, { op: 'same', text: essay.slice(2501).join(' ') },
    ]);
    expect(rewrittenPercent(essay.join(' '), edited.join(' '))).toBe(0);
  });
});

describe('the answers an essay can come from, and a paragraph’s sources by shared words', () => {
  const answers = studentAnswers(student.form, student.followUpResponses);

  it('lists the follow-up answers and the insights with what they answer', () => {
    const keys = answers.map((answer) => answer.key);
    for (const question of Object.keys(student.followUpResponses)) expect(keys).toContain(`followUp:${question}`);
    expect(answers.find((answer) => answer.key === 'insight:happy')).toMatchObject({
      label: 'Tell us about something that made you really happy.',
      text: student.form.personalInsights.happy.replace(/\s+/g, ' ').trim(),
    });
  });

  it('names the answer a paragraph quotes, and none for a paragraph sharing no words', () => {
    expect(overlapSources(`As I once wrote, ${student.form.personalInsights.lesson}`, answers)[0]).toBe('insight:lesson');
    expect(overlapSources('Zebras quietly orbit tangerine cathedrals.', answers)).toEqual([]);
  });

  it('splits an essay into the paragraphs the page shows', () => {
    expect(essayParagraphs('One\n line.\n\n \n\nTwo.\n')).toEqual(['One line.', 'Two.']);
  });
});
