// The coach's offline analysis: a student's own draft in, a review out, with questions a counsellor would ask
// about the student's exact words. Pure (no DOM, no Node, no network, no model), fast enough to run while the
// student pauses typing. It never writes for the student and gives no score: see README.md.
import { draftContext, type Finding } from './context.ts';
import { COACH_MAX_COMMENTS_PER_PARAGRAPH, COACH_QUESTION_MAX, COACH_QUOTE_MAX } from './limits.ts';
import { overallFindings } from './overall.ts';
import { clicheFindings } from './rules/cliche.ts';
import { genericFindings } from './rules/generic.ts';
import { lengthFindings } from './rules/length.ts';
import { reflectionFindings } from './rules/reflection.ts';
import { repetitionFindings } from './rules/repetition.ts';
import { specificityFindings } from './rules/specificity.ts';
import { swapTestFindings } from './rules/swapTest.ts';
import { tellNotShowFindings } from './rules/tellNotShow.ts';
import { unusedMaterialFindings } from './rules/unusedMaterial.ts';
import { voiceFindings } from './rules/voice.ts';
import type { CoachComment, CoachInput, CoachReview } from './types.ts';

export { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS, COACH_RULES_VERSION } from './limits.ts';
export { commentStatus, type CommentStatus } from './status.ts';
export { filterModelComments } from './modelComments.ts';
export { mergeModelComments, placeInDraft, type PlacedComment } from './merge.ts';
export { splitParagraphs } from './text.ts';
export type * from './types.ts';

const RULES = [
  swapTestFindings, lengthFindings, reflectionFindings, specificityFindings, tellNotShowFindings, genericFindings,
  clicheFindings, unusedMaterialFindings, voiceFindings, repetitionFindings,
];

/** A finding the review may show: its quote the paragraph's own words, its question a question. */
const showable = (found: Finding, paragraph: string): boolean =>
  found.quote.length > 0 && found.quote.length <= COACH_QUOTE_MAX && paragraph.includes(found.quote)
  && found.question.length <= COACH_QUESTION_MAX && found.question.endsWith('?');

/** The most important comments of a paragraph: one per kind, never two on the same words, at most three. */
function keep(findings: readonly Finding[], paragraph: string): CoachComment[] {
  const kept: CoachComment[] = [];
  for (const found of [...findings].sort((a, b) => a.priority - b.priority)) {
    if (kept.length === COACH_MAX_COMMENTS_PER_PARAGRAPH) break;
    if (!showable(found, paragraph) || kept.some((comment) => comment.kind === found.kind || comment.quote === found.quote)) continue;
    kept.push({ kind: found.kind, quote: found.quote, question: found.question, source: 'rules' });
  }
  return kept;
}

export function analyseDraft(input: CoachInput): CoachReview {
  const context = draftContext(input);
  const findings = RULES.flatMap((rule) => rule(context));
  const byParagraph = context.paragraphs.map((): Finding[] => []);
  for (const found of findings) byParagraph[found.paragraph]?.push(found);
  return {
    engine: 'offline',
    words: context.words,
    wordLimit: context.wordLimit,
    paragraphs: context.paragraphs.map((paragraph) => ({
      index: paragraph.index,
      words: paragraph.words,
      role: context.roles[paragraph.index]!,
      targetWords: context.targets[paragraph.index] ?? null,
      comments: keep(byParagraph[paragraph.index]!, paragraph.text),
    })),
    overall: overallFindings(context, findings),
  };
}
