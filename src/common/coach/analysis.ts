// What the rules read about each paragraph, worked out once per draft: its sentences and words, how many
// concrete details it holds, and how strongly it carries each narrative role's cues.
import { countWords } from '../wordCount.ts';
import { CLOSING_CUES, CONTEXT_CUES, REFLECTION_CUES, TURN_CUES } from './cues.ts';
import { CONCRETE_NOUNS, NUMBER_WORDS, PAST_IRREGULAR, PRESENT_MARKERS, SENSORY, TIME_UNITS, singular } from './lexicon.ts';
import { phraseMatcher } from './matcher.ts';
import { isCapitalised, splitSentences, type Sentence, type Token } from './text.ts';

export interface RoleCues {
  scene: number;
  context: number;
  turn: number;
  reflection: number;
  closing: number;
}

export interface ParagraphInfo {
  index: number;
  text: string;
  words: number;
  sentences: Sentence[];
  tokens: Token[];
  /** Concrete details: names, numbers, things, sense impressions, spoken lines. */
  concrete: number;
  cues: RoleCues;
  /** Phrases that say what something meant ("I learned", "looking back"). */
  meaning: number;
}

const PRONOUNS_I = new Set(['i', "i'm", "i've", "i'd", "i'll"]);
const DIGIT = /\p{N}/u;

/** A name in the middle of a sentence ("Priya", "Eastside"), not a capital that only starts one. */
export const isName = (token: Token): boolean => !token.initial && isCapitalised(token) && !PRONOUNS_I.has(token.lower);

export const isNumber = (token: Token): boolean => DIGIT.test(token.text) || NUMBER_WORDS.has(token.lower);

/** Something a reader can see, hear, count or look up. */
export function isConcrete(token: Token): boolean {
  if (isNumber(token) || isName(token)) return true;
  const word = token.lower;
  return SENSORY.has(word) || CONCRETE_NOUNS.has(word) || CONCRETE_NOUNS.has(singular(word));
}

/** Spoken lines: each opening curly quote, or each pair of straight ones. */
export function dialogueCount(text: string): number {
  let curly = 0;
  let straight = 0;
  for (const char of text) {
    if (char === '“') curly += 1;
    else if (char === '"') straight += 1;
  }
  return curly + Math.floor(straight / 2);
}

export const concreteCount = (text: string, tokens: readonly Token[]): number =>
  tokens.filter(isConcrete).length + dialogueCount(text);

const matchers = {
  context: phraseMatcher(CONTEXT_CUES), turn: phraseMatcher(TURN_CUES),
  reflection: phraseMatcher(REFLECTION_CUES), closing: phraseMatcher(CLOSING_CUES),
};

const isPast = (token: Token): boolean => PAST_IRREGULAR.has(token.lower) || (token.lower.length > 4 && token.lower.endsWith('ed'));

/** A scene shows: sense impressions, spoken lines, things, and verbs in the past tense. */
function sceneScore(text: string, tokens: readonly Token[]): number {
  const sensory = tokens.filter((token) => SENSORY.has(token.lower)).length;
  const things = tokens.filter((token) => CONCRETE_NOUNS.has(singular(token.lower))).length;
  const past = tokens.filter(isPast).length;
  return (sensory >= 1 ? 1 : 0) + (sensory >= 3 ? 1 : 0) + (dialogueCount(text) > 0 ? 2 : 0) + (things >= 3 ? 1 : 0)
    + (tokens.length > 0 && past / tokens.length >= 0.08 ? 1 : 0);
}

/** Background sets out durations and habits ("for two summers", "every morning") and what had been. */
function backgroundScore(tokens: readonly Token[]): number {
  let durations = 0;
  tokens.forEach((token, at) => {
    const next = tokens[at + 1];
    const unit = tokens[at + 2];
    if (token.lower === 'every' && next && TIME_UNITS.has(next.lower)) durations += 1;
    if (token.lower === 'for' && next && unit && NUMBER_WORDS.has(next.lower) && TIME_UNITS.has(unit.lower)) durations += 1;
  });
  const had = tokens.filter((token) => token.lower === 'had').length;
  return 2 * durations + (had >= 2 ? 2 : 0);
}

/** Reflection speaks in the present: more "I think", "it is" than "I did", "it was". */
function presentScore(tokens: readonly Token[]): number {
  const present = tokens.filter((token) => PRESENT_MARKERS.has(token.lower)).length;
  return present > tokens.filter(isPast).length ? 2 : 0;
}

export function paragraphInfo(text: string, index: number): ParagraphInfo {
  const sentences = splitSentences(text);
  const tokens = sentences.flatMap((sentence) => sentence.tokens);
  const cueCount = (name: keyof typeof matchers): number => matchers[name](text, tokens).length;
  const meaning = cueCount('reflection');
  return {
    index, text, words: countWords(text), sentences, tokens, concrete: concreteCount(text, tokens), meaning,
    cues: {
      scene: sceneScore(text, tokens), context: 2 * cueCount('context') + backgroundScore(tokens), turn: 2 * cueCount('turn'),
      reflection: 3 * meaning + presentScore(tokens), closing: cueCount('closing'),
    },
  };
}
