// Length: the draft over its word limit (or far under it), and a paragraph far over what its part deserves.
import type { ParagraphInfo } from '../analysis.ts';
import { finding, longestSentence, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';

/** "Far over": half as long again as the target, and by at least this many words. */
const PARAGRAPH_OVER_SHARE = 1.5;
const PARAGRAPH_OVER_WORDS = 50;
/** A draft of three or more paragraphs under this share of its limit looks finished yet thin. */
const UNDER_SHARE = 0.6;
const UNDER_MIN_PARAGRAPHS = 3;

/** A draft under this share of its limit: still thin, whatever its paragraphs. */
export const isThin = (context: DraftContext): boolean =>
  context.wordLimit !== null && context.words < context.wordLimit * UNDER_SHARE;

const byMost = (score: (paragraph: ParagraphInfo) => number) => (best: ParagraphInfo, paragraph: ParagraphInfo) =>
  score(paragraph) > score(best) ? paragraph : best;

function draftLength(context: DraftContext): Finding[] {
  const { paragraphs, targets, words, wordLimit } = context;
  if (paragraphs.length === 0 || wordLimit === null) return [];
  if (words > wordLimit) {
    const longest = paragraphs.reduce(byMost((paragraph) => paragraph.words - targets[paragraph.index]!));
    const question = `The draft is ${words} words, ${words - wordLimit} over the ${wordLimit}-word limit: which sentences here could go without losing anything only you could say?`;
    return [finding(longest, 'length', longestSentence(longest).text, question, PRIORITY.overLimit)];
  }
  if (isThin(context) && paragraphs.length >= UNDER_MIN_PARAGRAPHS) {
    const thinnest = paragraphs.reduce(byMost((paragraph) => targets[paragraph.index]! - paragraph.words));
    const question = `The draft uses ${words} of its ${wordLimit} words: what happened here that the reader does not see yet?`;
    return [finding(thinnest, 'length', thinnest.sentences.at(-1)!.text, question, PRIORITY.underLimit)];
  }
  return [];
}

export const isFarOver = (words: number, target: number): boolean =>
  words > target * PARAGRAPH_OVER_SHARE && words - target >= PARAGRAPH_OVER_WORDS;

/** With no length check, nothing here runs: no limit to be over or under, no paragraph target to outgrow. */
export function lengthFindings(context: DraftContext): Finding[] {
  if (context.wordLimit === null) return [];
  const paragraphFindings = context.paragraphs.flatMap((paragraph) => {
    const target = context.targets[paragraph.index]!;
    if (!isFarOver(paragraph.words, target)) return [];
    const role = context.roles[paragraph.index];
    const what = role === 'other' ? 'This paragraph' : `This ${role} paragraph`;
    const question = `${what} runs to ${paragraph.words} words, against about ${target} for its part in the essay: which of its sentences does the reader need most?`;
    return [finding(paragraph, 'length', longestSentence(paragraph).text, question, PRIORITY.paragraphLength)];
  });
  return [...draftLength(context), ...paragraphFindings];
}
