// The seams between the composer's frames and the student's words.
import { describe, expect, it } from 'vitest';
import { frameAnswer, standaloneSentence } from '../../../src/server/ai/composer/prose.ts';
import { answerSentences, insightSentences } from '../../../src/server/ai/composer/material.ts';

describe('frames around the student’s words', () => {
  it('lets an answer that is already the student’s sentence stand alone', () => {
    expect(frameAnswer('Outside school, I love', 'Outside school I fold origami')).toBe('Outside school I fold origami.');
    expect(insightSentences('hobby', 'Outside school I fold origami.')).toEqual(['Outside school I fold origami.']);
    expect(insightSentences('roleModel', 'My grandmother is the bravest person I know.')).toEqual(['My grandmother is the bravest person I know.']);
  });

  it('never repeats the words the answer starts with', () => {
    expect(frameAnswer('Outside school, I love', 'Outside school, folding paper cranes')).toBe('Outside school, I love folding paper cranes.');
    expect(frameAnswer('Outside school, I love', 'love folding paper cranes')).toBe('Outside school, I love folding paper cranes.');
    expect(answerSentences('The moment the bus turned red on the map.', 'inspiring')).toEqual(['The moment that inspired me most was when the bus turned red on the map.']);
  });

  it('turns a bare phrase into a sentence of the theme it answers', () => {
    expect(answerSentences('Patience. She always says a fold you rush is a fold you redo.', 'values'))
      .toEqual(['What matters most to me is patience.', 'She always says a fold you rush is a fold you redo.']);
  });

  it('keeps description sentences that have their own subject, and drops names that are not sentences', () => {
    expect(standaloneSentence('Now about twenty kids come every week')).toBe('Now about twenty kids come every week.');
    expect(standaloneSentence('Built and programmed the arm')).toBe('I built and programmed the arm.');
    expect(standaloneSentence('Robotics team.')).toBeNull();
    expect(standaloneSentence('Captain senior year.')).toBeNull();
  });
});
