// The same sentence twice in a draft, the same opening word for sentence after sentence, or one word leaned on
// again and again in a paragraph.
import { isName, type ParagraphInfo } from '../analysis.ts';
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { STOPWORDS } from '../lexicon.ts';
import type { Sentence } from '../../text/sentences.ts';

/** Sentences in a row with the same first word; "I" needs one more, a personal essay leans on it naturally. */
const OPENING_RUN = 3;
const OPENING_RUN_FOR_I = 4;
const WORD_REPEATS = 5;
const WORD_SHARE = 0.04;
const DUPLICATE_MIN_WORDS = 4;

const key = (sentence: Sentence): string => sentence.tokens.map((token) => token.lower).join(' ');

function openingRun(paragraph: ParagraphInfo): Finding | null {
  let run = 0;
  let previous = '';
  for (const sentence of paragraph.sentences) {
    const first = sentence.tokens[0]?.lower ?? '';
    run = first !== '' && first === previous ? run + 1 : 1;
    previous = first;
    if (run === (first === 'i' ? OPENING_RUN_FOR_I : OPENING_RUN)) {
      const question = `${run} sentences in a row open with “${sentence.tokens[0]!.text}”: what would the reader notice first if one of them began somewhere else?`;
      return finding(paragraph, 'repetition', sentence.text, question, PRIORITY.repetition);
    }
  }
  return null;
}

function repeatedWord(paragraph: ParagraphInfo): Finding | null {
  const counts = new Map<string, number>();
  for (const token of paragraph.tokens) {
    if (token.lower.length < 4 || STOPWORDS.has(token.lower) || isName(token)) continue;
    const count = (counts.get(token.lower) ?? 0) + 1;
    counts.set(token.lower, count);
    if (count === WORD_REPEATS && count / paragraph.tokens.length >= WORD_SHARE) {
      const question = `“${token.text}” comes up ${count} times in this paragraph: does each one still tell the reader something new?`;
      return finding(paragraph, 'repetition', token.text, question, PRIORITY.repetition);
    }
  }
  return null;
}

export function repetitionFindings(context: DraftContext): Finding[] {
  const seen = new Set<string>();
  return context.paragraphs.flatMap((paragraph) => {
    let duplicate: Finding | null = null;
    for (const sentence of paragraph.sentences) {
      const text = key(sentence);
      if (sentence.tokens.length >= DUPLICATE_MIN_WORDS && seen.has(text) && !duplicate) {
        const question = 'This sentence is in the draft already: which of its two places needs it more?';
        duplicate = finding(paragraph, 'repetition', sentence.text, question, PRIORITY.repetition);
      }
      seen.add(text);
    }
    const found = duplicate ?? openingRun(paragraph) ?? repeatedWord(paragraph);
    return found ? [found] : [];
  });
}
