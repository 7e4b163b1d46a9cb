// Where a paragraph of the draft would read as monotonous to the coach (src/common/coach), it is broken in two:
// sentence after sentence opening with the same word, or one word leaned on again and again. The break goes
// where a new answer of the student's starts when one does, so nothing is reworded and nothing is added.
// Sentences and words are read with the coach's own reader, so the draft and its review agree.
import { isName } from '../../../common/coach/analysis.ts';
import { STOPWORDS } from '../../../common/coach/lexicon.ts';
import { splitSentences, type Sentence } from '../../../common/text/sentences.ts';

/** One sentence of the draft, the answer it comes from, and whether it starts that answer's part here. */
export interface Piece {
  text: string;
  source?: string;
  opensGroup: boolean;
}

/** The coach's limits: three sentences in a row opening with one word, four for "I"; a word five times, 4 % of words. */
const OPENING_RUN = 3;
const OPENING_RUN_FOR_I = 4;
const WORD_REPEATS = 5;
const WORD_SHARE = 0.04;
const MIN_WORD_LETTERS = 4;

interface Reading {
  sentences: Sentence[];
  /** For each piece after the first, the index of the sentence it starts, or -1. */
  startsSentence: number[];
}

function read(pieces: readonly Piece[]): Reading {
  const starts: number[] = [];
  let at = 0;
  for (const piece of pieces) {
    starts.push(at);
    at += piece.text.length + 1;
  }
  const sentences = splitSentences(pieces.map((piece) => piece.text).join(' '));
  return { sentences, startsSentence: starts.map((start) => sentences.findIndex((sentence) => sentence.start === start)) };
}

/** The piece to break before: the latest start of an answer in [from, to] (sentence indexes), else the latest piece. */
function breakIn(pieces: readonly Piece[], reading: Reading, from: number, to: number): number | null {
  const inside = pieces.map((_, p) => p).filter((p) => p > 0 && reading.startsSentence[p]! >= from && reading.startsSentence[p]! <= to);
  const answers = inside.filter((p) => pieces[p]!.opensGroup);
  return answers[answers.length - 1] ?? inside[inside.length - 1] ?? null;
}

function openingRun(pieces: readonly Piece[], reading: Reading): number | null {
  let run = 0;
  let previous = '';
  for (let k = 0; k < reading.sentences.length; k += 1) {
    const first = reading.sentences[k]!.tokens[0]?.lower ?? '';
    run = first !== '' && first === previous ? run + 1 : 1;
    previous = first;
    if (run === (first === 'i' ? OPENING_RUN_FOR_I : OPENING_RUN)) {
      const at = breakIn(pieces, reading, k - run + 2, k);
      if (at !== null) return at;
    }
  }
  return null;
}

/** A word the coach counts: four letters or more, not a common word, not a name. */
const counted = (token: Sentence['tokens'][number]): boolean =>
  token.lower.length >= MIN_WORD_LETTERS && !STOPWORDS.has(token.lower) && !isName(token);

function repeatedWord(pieces: readonly Piece[], reading: Reading): number | null {
  const tokens = reading.sentences.flatMap((sentence, index) => sentence.tokens.map((token) => ({ token, index })));
  const counts = new Map<string, number>();
  for (const { token } of tokens) if (counted(token)) counts.set(token.lower, (counts.get(token.lower) ?? 0) + 1);
  // The coach asks when a word's fifth use is 4 % of the paragraph's words or more.
  const word = [...counts].find(([, count]) => count >= WORD_REPEATS && WORD_REPEATS / tokens.length >= WORD_SHARE)?.[0];
  if (word === undefined) return null;
  // Break where the word's uses fall most evenly on the two sides.
  const uses = tokens.filter(({ token }) => token.lower === word).map(({ index }) => index);
  const middle = uses[Math.floor(uses.length / 2)]!;
  return breakIn(pieces, reading, middle, middle) ?? breakIn(pieces, reading, 1, middle);
}

/** The paragraph as one or more paragraphs, none of them monotonous where a break can help. */
export function breakMonotony(pieces: readonly Piece[]): Piece[][] {
  if (pieces.length < 2) return [[...pieces]];
  const reading = read(pieces);
  const at = openingRun(pieces, reading) ?? repeatedWord(pieces, reading);
  if (at === null) return [[...pieces]];
  return [...breakMonotony(pieces.slice(0, at)), ...breakMonotony(pieces.slice(at))];
}

/** A sentence as the coach compares them: its words in lower case, nothing else. */
export const sentenceKey = (text: string): string[] =>
  splitSentences(text).map((sentence) => sentence.tokens.map((token) => token.lower).join(' '));
