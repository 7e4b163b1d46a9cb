import { describe, expect, it } from 'vitest';
import { essayParagraphs, overlapSources, studentAnswers } from '../../src/common/essaySources.ts';
import { rewrittenPercent, wordDiff } from '../../src/common/wordDiff.ts';
import { RICH_PROFILES } from '../fixtures/profiles.ts';

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
