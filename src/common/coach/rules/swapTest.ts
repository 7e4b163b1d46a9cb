// The swap test for a "why us" answer: put another college's name in it and see whether it still reads true.
// An answer that names no course, program, place or person of its own passes for every college.
import { isName, type ParagraphInfo } from '../analysis.ts';
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { STOPWORDS } from '../lexicon.ts';
import { phraseMatcher } from '../matcher.ts';
import { GENERIC_PRAISE } from '../phrases.ts';
import type { Sentence } from '../../text/sentences.ts';
import { isCapitalised, tokensOf } from '../../text/tokens.ts';

const WHY_US_WORDS = new Set(['college', 'university', 'school', 'us', 'attend', 'attending', 'campus', 'community', 'program', 'programs', 'institution']);
const whyUsPhrases = phraseMatcher(['what draws you', 'draws you to', 'appeals to you', 'interest in attending', 'want to attend', 'why this', 'fit for you', 'why are you interested']);
/** Capitals that never make an answer specific to one college: the word "University", a month, a field of study. */
const UNSPECIFIC = new Set(`university college school institute institution campus department program honors the of and at
  computer science sciences biology engineering english math mathematics history economics psychology chemistry physics
  business art arts music political medicine nursing education studies liberal social international environmental
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
  september october november december fall spring summer winter american`.split(/\s+/));

export function isWhyUsPrompt(prompt: string): boolean {
  const tokens = tokensOf(prompt, 0, prompt.length);
  return (tokens.some((token) => token.lower === 'why') && tokens.some((token) => WHY_US_WORDS.has(token.lower)))
    || whyUsPhrases(prompt, tokens).length > 0;
}

/** Words of the college's own name: capitals in the prompt and the colleges the student listed. */
function collegeWords(context: DraftContext): Set<string> {
  const fromPrompt = tokensOf(context.prompt, 0, context.prompt.length).filter(isCapitalised).map((token) => token.lower);
  const listed = context.colleges.flatMap((name) => tokensOf(name, 0, name.length).map((token) => token.lower));
  return new Set([...fromPrompt, ...listed].filter((word) => !STOPWORDS.has(word)));
}

/** Specific things a sentence names: a name that is not the college's own, or a course number ("CS 61A"). */
export function specificsIn(sentence: Sentence, college: ReadonlySet<string>): number {
  return sentence.tokens.filter((token, at) => {
    const previous = sentence.tokens[at - 1];
    if (/\p{N}/u.test(token.text) && previous && isCapitalised(previous)) return true;
    return isName(token) && !college.has(token.lower) && !UNSPECIFIC.has(token.lower);
  }).length;
}

const praise = phraseMatcher(GENERIC_PRAISE);

/** Where the answer leans most on what any college could claim. */
function mostGeneric(paragraphs: readonly ParagraphInfo[], college: ReadonlySet<string>): { paragraph: ParagraphInfo; sentence: Sentence } {
  let best = { paragraph: paragraphs[0]!, sentence: paragraphs[0]!.sentences[0]!, score: 0 };
  for (const paragraph of paragraphs) {
    for (const sentence of paragraph.sentences) {
      const score = praise(paragraph.text, sentence.tokens).length + sentence.tokens.filter((token) => college.has(token.lower)).length;
      if (score > best.score) best = { paragraph, sentence, score };
    }
  }
  return best;
}

export function swapTestApplies(context: DraftContext): boolean {
  return context.kind === 'supplemental' && context.paragraphs.length > 0 && isWhyUsPrompt(context.prompt);
}

/** True when the answer names no course, program, place or person but the colleges' own: any college's name would do. */
export function readsTheSameForAnyCollege(context: DraftContext): boolean {
  const college = collegeWords(context);
  return context.paragraphs.length > 0 && context.paragraphs.every((paragraph) =>
    paragraph.sentences.every((sentence) => specificsIn(sentence, college) === 0));
}

export function swapTestFindings(context: DraftContext): Finding[] {
  if (!swapTestApplies(context) || !readsTheSameForAnyCollege(context)) return [];
  const { paragraph, sentence } = mostGeneric(context.paragraphs, collegeWords(context));
  const question = "If another college's name stood here, would this still be true? Which course, program, place or person could only be this college's?";
  return [finding(paragraph, 'swap-test', sentence.text, question, PRIORITY.swapTest)];
}
