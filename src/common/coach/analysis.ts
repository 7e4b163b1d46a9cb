// What the rules read about each paragraph, worked out once per draft: its sentences and words, how many
// concrete details it holds, and how strongly it carries each narrative role's cues.
import { countWords } from '../text/wordCount.ts';
import { CLOSING_CUES, CONTEXT_CUES, REFLECTION_CUES, TURN_CUES } from './cues.ts';
import { CONCRETE_NOUNS, NUMBER_WORDS, PAST_IRREGULAR, PRESENT_MARKERS, SENSORY, TIME_UNITS, singular } from './lexicon.ts';
import { phraseMatcher } from './matcher.ts';
import { splitSentences, type Sentence } from '../text/sentences.ts';
import { isCapitalised, type Token } from '../text/tokens.ts';

export interface RoleCues {
  scene: number;
  context: number;
  turn: number;
  reflection: number;
  closing: number;
}

/** A sentence and its count of concrete details, counted once for every rule that asks. */
export interface ReadSentence extends Sentence {
  concrete: number;
}

export interface ParagraphInfo {
  index: number;
  text: string;
  words: number;
  sentences: ReadSentence[];
  tokens: Token[];
  /** Concrete details: names, numbers, things, sense impressions, spoken lines. */
  concrete: number;
  cues: RoleCues;
  /** Phrases that say what something meant ("I learned", "looking back"). */
  meaning: number;
  /** Words of nine letters or more. */
  longWords: number;
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

const CURLY_OPEN = 0x201c;
const STRAIGHT = 0x22;

/** Spoken lines: each opening curly quote, or each pair of straight ones. */
export function dialogueCount(text: string): number {
  let curly = 0;
  let straight = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CURLY_OPEN) curly += 1;
    else if (code === STRAIGHT) straight += 1;
  }
  return curly + Math.floor(straight / 2);
}

const concreteTokens = (tokens: readonly Token[]): number => {
  let count = 0;
  for (const token of tokens) if (isConcrete(token)) count += 1;
  return count;
};

const matchers = {
  context: phraseMatcher(CONTEXT_CUES), turn: phraseMatcher(TURN_CUES),
  reflection: phraseMatcher(REFLECTION_CUES), closing: phraseMatcher(CLOSING_CUES),
};

const isPast = (word: string): boolean => PAST_IRREGULAR.has(word) || (word.length > 4 && word.endsWith('ed'));
const LONG_WORD = 9;

/** What a paragraph's words say about its role and its register, counted in one pass. */
interface Tally {
  sensory: number;
  things: number;
  past: number;
  present: number;
  had: number;
  durations: number;
  long: number;
}

function tally(tokens: readonly Token[]): Tally {
  const counts: Tally = { sensory: 0, things: 0, past: 0, present: 0, had: 0, durations: 0, long: 0 };
  tokens.forEach((token, at) => {
    const word = token.lower;
    if (SENSORY.has(word)) counts.sensory += 1;
    if (CONCRETE_NOUNS.has(singular(word))) counts.things += 1;
    if (isPast(word)) counts.past += 1;
    if (PRESENT_MARKERS.has(word)) counts.present += 1;
    if (word === 'had') counts.had += 1;
    if (isLongWord(token)) counts.long += 1;
    // "every morning", "for two summers": the habits and years a background sets out.
    const next = tokens[at + 1]?.lower ?? '';
    if ((word === 'every' && TIME_UNITS.has(next)) || (word === 'for' && NUMBER_WORDS.has(next) && TIME_UNITS.has(tokens[at + 2]?.lower ?? ''))) {
      counts.durations += 1;
    }
  });
  return counts;
}

/** A word of nine letters or more: the share of them is one mark of a register. */
export const isLongWord = (token: Token): boolean => token.text.length >= LONG_WORD && !DIGIT.test(token.text);

/** A scene shows: sense impressions, spoken lines, things, and verbs in the past tense. */
const sceneScore = (counts: Tally, dialogue: number, words: number): number =>
  (counts.sensory >= 1 ? 1 : 0) + (counts.sensory >= 3 ? 1 : 0) + (dialogue > 0 ? 2 : 0) + (counts.things >= 3 ? 1 : 0)
  + (words > 0 && counts.past / words >= 0.08 ? 1 : 0);

/** Background sets out durations and habits, and what had been. */
const backgroundScore = (counts: Tally): number => 2 * counts.durations + (counts.had >= 2 ? 2 : 0);

/** Reflection speaks in the present: more "I think", "it is" than "I did", "it was". */
const presentScore = (counts: Tally): number => (counts.present > counts.past ? 2 : 0);

export function paragraphInfo(text: string, index: number): ParagraphInfo {
  let concreteWords = 0;
  const sentences = splitSentences(text).map((sentence) => {
    const inSentence = concreteTokens(sentence.tokens);
    concreteWords += inSentence;
    return { ...sentence, concrete: inSentence + dialogueCount(sentence.text) };
  });
  const tokens = sentences.flatMap((sentence) => sentence.tokens);
  const cueCount = (name: keyof typeof matchers): number => matchers[name](text, tokens).length;
  const meaning = cueCount('reflection');
  const counts = tally(tokens);
  const dialogue = dialogueCount(text);
  return {
    index, text, words: countWords(text), sentences, tokens, concrete: concreteWords + dialogue, meaning, longWords: counts.long,
    cues: {
      scene: sceneScore(counts, dialogue, tokens.length), context: 2 * cueCount('context') + backgroundScore(counts),
      turn: 2 * cueCount('turn'), reflection: 3 * meaning + presentScore(counts), closing: cueCount('closing'),
    },
  };
}
