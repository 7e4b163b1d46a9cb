// The overall bands for craft (stock phrases, named feelings, repetition, length) and for answering the
// prompt (its words taken up by the draft, a story and its meaning, and the swap test for "why us").
import { mostFlagged, nth, type DraftContext, type Finding } from './context.ts';
import { STOPWORDS } from './lexicon.ts';
import { reflects } from './rules/reflection.ts';
import { tokensOf } from '../text/tokens.ts';
import type { OverallFinding } from './types.ts';

const CRAFT_KINDS = ['cliche', 'tell-not-show', 'repetition', 'length'] as const;
/** Prompt words that say how to write, not what about. */
const PROMPT_FILLER = new Set(`describe discuss share tell essay words word please response respond explain question answer
  reflect about might include including would your yours them this that what which how why also some many`.split(/\s+/));
/** A personal statement this short is still a start. */
const STATEMENT_MIN_WORDS = 250;
/** Words are compared by their first letters, so "engaging" meets "engaged". */
const stem = (word: string): string => word.slice(0, 5);

export function craftFinding(context: DraftContext, findings: readonly Finding[]): OverallFinding {
  const issues = findings.filter((found) => (CRAFT_KINDS as readonly string[]).includes(found.kind));
  const where = mostFlagged(issues, CRAFT_KINDS);
  const over = context.wordLimit !== null && context.words > context.wordLimit;
  if (issues.length <= 1 && !over) {
    const reason = issues.length === 0 ? 'No stock phrases, named feelings, repeated openings or overlong paragraphs stand out.'
      : `One point of craft to look at, in ${nth(where!)}; the rest reads cleanly.`;
    return { dimension: 'craft', band: 'strong', reason, paragraph: where };
  }
  if (issues.length >= Math.max(3, context.paragraphs.length)) {
    return { dimension: 'craft', band: 'missing', reason: `Stock phrases, named feelings, repetition or length come up in most paragraphs, most in ${nth(where!)}.`, paragraph: where };
  }
  const reason = over && where !== null
    ? `The draft is over its ${context.wordLimit}-word limit, and ${nth(where)} has the most to look at.`
    : `A few points of craft to look at, most in ${nth(where!)}.`;
  return { dimension: 'craft', band: 'developing', reason, paragraph: where };
}

/** The prompt's content words, and the paragraph that takes up most of them. */
function promptCoverage(context: DraftContext): { share: number; keywords: number; best: number | null } {
  const keywords = new Set(tokensOf(context.prompt, 0, context.prompt.length).map((token) => token.lower)
    .filter((word) => word.length >= 4 && !STOPWORDS.has(word) && !PROMPT_FILLER.has(word)).map(stem));
  const found = new Set<string>();
  let best: number | null = null;
  let bestCount = 0;
  for (const paragraph of context.paragraphs) {
    const here = new Set(paragraph.tokens.map((token) => stem(token.lower)).filter((word) => keywords.has(word)));
    here.forEach((word) => found.add(word));
    if (here.size > bestCount) [best, bestCount] = [paragraph.index, here.size];
  }
  return { share: keywords.size === 0 ? 1 : found.size / keywords.size, keywords: keywords.size, best };
}

const tellsAStory = (context: DraftContext): boolean => context.roles.some((role) => role === 'scene' || role === 'context' || role === 'turn');

function personalWithoutPrompt(context: DraftContext): OverallFinding {
  const story = tellsAStory(context);
  const meaning = reflects(context);
  const judged = 'Judged as a personal statement (no prompt was given)';
  if (story && meaning && context.words >= STATEMENT_MIN_WORDS) {
    return { dimension: 'answers-the-prompt', band: 'strong', reason: `${judged}: it tells a story of yours and says what it meant.`, paragraph: null };
  }
  if (!story && !meaning) {
    return { dimension: 'answers-the-prompt', band: 'missing', reason: `${judged}: no moment of your own and no meaning drawn from one yet.`, paragraph: null };
  }
  const missing = !story ? 'a moment of your own to tell' : !meaning ? 'what the story meant'
    : `at least ${STATEMENT_MIN_WORDS} words (it has ${context.words})`;
  return { dimension: 'answers-the-prompt', band: 'developing', reason: `${judged}: it still needs ${missing}.`, paragraph: null };
}

export function promptFinding(context: DraftContext, findings: readonly Finding[]): OverallFinding {
  if (context.prompt.trim() === '' && context.kind === 'personal') return personalWithoutPrompt(context);
  const swap = mostFlagged(findings, ['swap-test']);
  const { share, keywords, best } = promptCoverage(context);
  if (swap !== null) {
    const band = share === 0 && keywords > 0 ? 'missing' : 'developing';
    return { dimension: 'answers-the-prompt', band, reason: `The answer would read the same for any college; ${nth(swap)} names nothing only this one has.`, paragraph: swap };
  }
  const story = context.kind === 'personal' && reflects(context) && tellsAStory(context);
  if (share >= 0.3 || (story && share > 0)) {
    const where = best === null ? 'the draft' : nth(best);
    return { dimension: 'answers-the-prompt', band: 'strong', reason: `The draft takes up what the prompt asks, most directly in ${where}.`, paragraph: best };
  }
  if (share === 0 && !story) {
    return { dimension: 'answers-the-prompt', band: 'missing', reason: 'The draft does not yet take up any of what the prompt asks about.', paragraph: null };
  }
  return { dimension: 'answers-the-prompt', band: 'developing', reason: 'The draft takes up what the prompt asks only in passing.', paragraph: best };
}
