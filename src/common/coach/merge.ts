// A model's questions merged into the offline review, under the same cap as the rules' own: at most three
// comments a paragraph, the most important first, one per kind, never two on the same words. Each question
// passes filterModelComments against its paragraph first, so only exact quotes that ask reach a review.
import { COACH_MAX_COMMENTS_PER_PARAGRAPH, COACH_MODEL_COMMENTS_MAX } from './limits.ts';
import { filterModelComments } from './modelComments.ts';
import { kindPriority } from './ranking.ts';
import { splitParagraphs } from './text.ts';
import type { CoachComment, CoachReview, CommentKind } from './types.ts';

/** A question about one paragraph of a draft, as a model asks it and a revision keeps it. */
export interface PlacedComment {
  paragraph: number;
  kind: CommentKind;
  quote: string;
  question: string;
}

function sameWords(paragraph: string, a: string, b: string): boolean {
  const start = paragraph.indexOf(a);
  const other = paragraph.indexOf(b);
  return start >= 0 && other >= 0 && start < other + b.length && other < start + a.length;
}

/** The paragraph's comments with the model's added where they rank; a tie keeps the rules' comment first. */
function mergeParagraph(paragraph: string, rules: readonly CoachComment[], model: readonly PlacedComment[]): CoachComment[] {
  const kept = [...rules];
  for (const { kind, quote, question } of filterModelComments(paragraph, model)) {
    if (kept.some((comment) => comment.kind === kind || sameWords(paragraph, comment.quote, quote))) continue;
    const at = kept.findIndex((comment) => kindPriority(comment.kind) > kindPriority(kind));
    kept.splice(at === -1 ? kept.length : at, 0, { kind, quote, question, source: 'model' });
  }
  return kept.slice(0, COACH_MAX_COMMENTS_PER_PARAGRAPH);
}

/**
 * `review` (of `draft`) with the model's questions merged in; `engine` becomes 'model'. At most
 * COACH_MODEL_COMMENTS_MAX of them are read, and a question about a paragraph the draft lacks is dropped.
 */
export function mergeModelComments(review: CoachReview, draft: string, comments: readonly PlacedComment[]): CoachReview {
  const texts = splitParagraphs(draft);
  const asked = comments.slice(0, COACH_MODEL_COMMENTS_MAX);
  return {
    ...review,
    engine: 'model',
    paragraphs: review.paragraphs.map((paragraph) => ({
      ...paragraph,
      comments: mergeParagraph(texts[paragraph.index] ?? '', paragraph.comments, asked.filter((comment) => comment.paragraph === paragraph.index)),
    })),
  };
}

/**
 * Questions kept with an earlier text, placed in `draft` as it is now: each in its paragraph if its words are
 * still there, else in the first paragraph that holds them; a question whose words are gone is dropped.
 */
export function placeInDraft(draft: string, comments: readonly PlacedComment[]): PlacedComment[] {
  const texts = splitParagraphs(draft);
  return comments.flatMap((comment) => {
    if (texts[comment.paragraph]?.includes(comment.quote)) return [comment];
    const paragraph = texts.findIndex((text) => text.includes(comment.quote));
    return paragraph === -1 ? [] : [{ ...comment, paragraph }];
  });
}
