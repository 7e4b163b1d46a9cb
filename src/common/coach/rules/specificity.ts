// A paragraph with nothing the reader can picture: no name, number, thing, sense impression or spoken line.
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import type { ParagraphRole } from '../types.ts';

/** Shorter paragraphs (a one-line closing) may carry no detail without being vague. */
const MIN_WORDS = 20;
/** A long paragraph with at most this many details per hundred words is vague too. */
const LONG_PARAGRAPH_WORDS = 80;
const THIN_DETAILS_PER_100_WORDS = 1.5;

const QUESTIONS: Record<ParagraphRole, string> = {
  scene: 'Where exactly are you here, and what is in front of you: a name, a number, an object, a sound?',
  context: 'What did an ordinary day of this look like: which place, which people, which things?',
  turn: 'What exactly happened at this moment, that someone standing next to you would have seen or heard?',
  reflection: 'Which moment or object from your story does this thought come from?',
  closing: 'What will you actually be doing, and where, that shows this?',
  other: 'What would the reader see here if they had been there: a name, a number, a place, an object?',
};

export const isVague = (words: number, concrete: number): boolean =>
  (words >= MIN_WORDS && concrete === 0) || (words >= LONG_PARAGRAPH_WORDS && (concrete * 100) / words <= THIN_DETAILS_PER_100_WORDS);

export function specificityFindings(context: DraftContext): Finding[] {
  return context.paragraphs.flatMap((paragraph) => {
    if (!isVague(paragraph.words, paragraph.concrete)) return [];
    // The sentence to ask about: the longest with no detail in it.
    const bare = paragraph.sentences.filter((sentence) => sentence.concrete === 0);
    const pool = bare.length > 0 ? bare : paragraph.sentences;
    const quoted = pool.reduce((best, sentence) => (sentence.tokens.length > best.tokens.length ? sentence : best));
    return [finding(paragraph, 'specificity', quoted.text, QUESTIONS[context.roles[paragraph.index] ?? 'other'], PRIORITY.specificity)];
  });
}
