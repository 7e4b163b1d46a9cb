// What the coach (src/common/coach) finds in each harness draft of the offline composer, read with the
// student's own material as the product reads it. The composer must pass its own coach: no stock phrase, no
// repetition, and never a draft the reader has nothing to see in. The harness test asserts it, and the bench
// prints every comment and band as a table.
import { analyseDraft, type CoachReview } from '../../../src/common/coach/index.ts';
import { COMMENT_KINDS, DIMENSIONS, type CommentKind } from '../../../src/common/coach/types.ts';
import type { QualityCase } from '../../fixtures/qualityProfiles.ts';

export function reviewDraft(c: QualityCase, draft: string): CoachReview {
  const material = { form: c.form, followUpResponses: c.followUpResponses };
  return c.kind === 'personal'
    ? analyseDraft({ draft, kind: 'personal', material })
    : analyseDraft({ draft, kind: 'supplemental', prompt: c.essayPrompt, wordLimit: c.wordCount, material });
}

/** Comments a composer draft never carries. */
export const FORBIDDEN_COMMENTS: readonly CommentKind[] = ['cliche', 'repetition'];

/** What breaks the rule, one line each: the paragraph, the kind and the words quoted; a missing specificity band. */
export function coachFailures(review: CoachReview): string[] {
  const comments = review.paragraphs.flatMap((paragraph) => paragraph.comments
    .filter((comment) => FORBIDDEN_COMMENTS.includes(comment.kind))
    .map((comment) => `paragraph ${paragraph.index + 1}, ${comment.kind}: “${comment.quote}”`));
  const specificity = review.overall.find((finding) => finding.dimension === 'specificity');
  return specificity?.band === 'missing' ? [...comments, `specificity missing: ${specificity.reason}`] : comments;
}

const count = (review: CoachReview, kind: CommentKind): number =>
  review.paragraphs.reduce((sum, paragraph) => sum + paragraph.comments.filter((comment) => comment.kind === kind).length, 0);

const SHORT: Record<CommentKind, string> = {
  cliche: 'cliché', generic: 'generic', specificity: 'specif.', 'tell-not-show': 'tell', reflection: 'reflect.',
  repetition: 'repet.', length: 'length', 'unused-material': 'unused', 'swap-test': 'swap', voice: 'voice',
};

/** How many drafts got each band on each dimension, as "strong/developing/missing". */
function bandTally(reviews: readonly CoachReview[]): string {
  return DIMENSIONS.map((dimension) => {
    const bands = reviews.map((review) => review.overall.find((finding) => finding.dimension === dimension)?.band);
    return (['strong', 'developing', 'missing'] as const).map((band) => bands.filter((b) => b === band).length).join('/');
  }).join(', ');
}

/**
 * One row per draft: its comments counted by kind, then its five bands (s strong, d developing, m missing); a
 * last row sums the comments and tallies each dimension's bands as strong/developing/missing.
 */
export function coachTable(rows: ReadonlyArray<{ c: QualityCase; coach: CoachReview }>): string {
  const header = `| profile | essay | paragraphs | ${COMMENT_KINDS.map((kind) => SHORT[kind]).join(' | ')} | bands (${DIMENSIONS.join(', ')}) |`;
  const rule = `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`;
  const lines = rows.map(({ c, coach }) => [
    `${c.name} (${c.shape})`, c.kind === 'personal' ? `PS prompt ${c.prompt}` : `supp ${c.wordCount}`, coach.paragraphs.length,
    ...COMMENT_KINDS.map((kind) => count(coach, kind) || '·'), coach.overall.map((finding) => finding.band[0]).join(' '),
  ].join(' | '));
  const reviews = rows.map(({ coach }) => coach);
  const total = [
    `all ${rows.length} drafts`, '', reviews.reduce((sum, review) => sum + review.paragraphs.length, 0),
    ...COMMENT_KINDS.map((kind) => reviews.reduce((sum, review) => sum + count(review, kind), 0)), bandTally(reviews),
  ].join(' | ');
  return [header, rule, ...lines.map((line) => `| ${line} |`), `| ${total} |`].join('\n');
}
