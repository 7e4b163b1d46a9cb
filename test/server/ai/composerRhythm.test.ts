// How the composer arranges the student's sentences so its draft reads as the coach (src/common/coach) wants:
// a sentence the student wrote twice appears once, and a paragraph the coach would call monotonous is broken
// where a new answer starts, every sentence kept as the student wrote it.
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { arrangeWithSources } from '../../../src/server/ai/composer/assemble.ts';
import type { Chosen } from '../../../src/server/ai/composer/fit.ts';
import { breakMonotony } from '../../../src/server/ai/composer/rhythm.ts';

const chosen = (section: number, order: number, source: string, sentences: string[]): Chosen =>
  ({ group: { sentences, weight: 1, section, order, source }, sentences });
const repetitions = (paragraphs: string[][]): string[] =>
  analyseDraft({ draft: paragraphs.map((p) => p.join(' ')).join('\n\n'), kind: 'personal' }).paragraphs
    .flatMap((p) => p.comments.filter((c) => c.kind === 'repetition').map((c) => c.quote));

describe('arranging the student’s sentences', () => {
  it('keeps a sentence once when the student wrote it twice, whatever its case or punctuation', () => {
    const paragraphs = arrangeWithSources([
      chosen(1, 0, 'insight:hobby', ['I fold paper cranes at night.', 'My grandmother taught me.']),
      chosen(1, 1, 'activity:0', ['i fold paper cranes at night!', 'The club meets on Fridays.']),
    ]);
    expect(paragraphs.flatMap((p) => p.sentences)).toEqual([
      'I fold paper cranes at night.', 'My grandmother taught me.', 'The club meets on Fridays.',
    ]);
    expect(repetitions(paragraphs.map((p) => p.sentences))).toEqual([]);
  });

  it('breaks a run of sentences opening with one word where a new answer starts, rewording nothing', () => {
    const pieces = [
      { text: 'My sister reads every night.', source: 'insight:happy', opensGroup: true },
      { text: 'My brother plays chess.', source: 'insight:happy', opensGroup: false },
      { text: 'My father fixes radios.', source: 'activity:0', opensGroup: true },
      { text: 'My mother sings in a choir.', source: 'activity:0', opensGroup: false },
    ];
    const parts = breakMonotony(pieces);
    expect(parts.map((part) => part.map((piece) => piece.text))).toEqual([
      ['My sister reads every night.', 'My brother plays chess.'],
      ['My father fixes radios.', 'My mother sings in a choir.'],
    ]);
    // The same sentences in one paragraph are what the coach asks about.
    expect(repetitions([pieces.map((piece) => piece.text)])).toHaveLength(1);
    expect(repetitions(parts.map((part) => part.map((piece) => piece.text)))).toEqual([]);
  });

  it('breaks a paragraph leaning on one word between the word’s uses, and leaves one it cannot help alone', () => {
    const pieces = [
      'Paper is everywhere in my room.', 'The paper comes from the art store.', 'I sort the paper by colour.',
      'Every Friday I fold the paper into cranes.', 'My grandmother sends me paper from Osaka.', 'The cranes hang by the window.',
    ].map((text, i) => ({ text, source: i < 3 ? 'insight:hobby' : 'writingSample', opensGroup: i === 0 || i === 3 }));
    expect(repetitions([pieces.map((piece) => piece.text)])).toEqual(['paper']);
    const parts = breakMonotony(pieces);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(pieces);
    expect(repetitions(parts.map((part) => part.map((piece) => piece.text)))).toEqual([]);
    expect(breakMonotony([pieces[0]!])).toEqual([[pieces[0]]]);
  });
});
