// A model's questions about a draft, kept only when usable: each is checked by the same zod schema the review's
// comments are (a kind, an exact quote of at most 300 characters, a question ending with "?") and by
// filterModelComments against its own paragraph (its words, asking, offering no wording). The rest are dropped,
// never repaired: a question is the model's, and a mended one would no longer be. Only the model's first
// COACH_MODEL_COMMENTS_READ comments (the most important first, as it is asked) are checked at all: checking a
// quote costs CPU on the event loop, and an answer of thousands of comments would hold it for hundreds of ms.
import { COACH_MODEL_COMMENTS_MAX } from '../../../common/coach/limits.ts';
import { filterModelComments } from '../../../common/coach/modelComments.ts';
import { commentSchema } from '../../../common/coach/schema.ts';
import { splitParagraphs } from '../../../common/coach/text.ts';
import type { PlacedComment } from '../port.ts';
import type { CoachOutput } from './prompt.ts';

/** The model's comments read, at most: twice the questions a review keeps, room for those the gate drops. */
export const COACH_MODEL_COMMENTS_READ = 2 * COACH_MODEL_COMMENTS_MAX;

export function usableComments(draft: string, output: CoachOutput): PlacedComment[] {
  const paragraphs = splitParagraphs(draft);
  const kept: PlacedComment[] = [];
  for (const { paragraph, kind, quote, question } of output.comments.slice(0, COACH_MODEL_COMMENTS_READ)) {
    if (kept.length === COACH_MODEL_COMMENTS_MAX) break;
    const text = Number.isInteger(paragraph) ? paragraphs[paragraph] : undefined;
    if (text === undefined) continue;
    const comment = { paragraph, kind, quote, question };
    if (!commentSchema.safeParse({ kind, quote, question, source: 'model' }).success) continue;
    if (filterModelComments(text, [comment]).length === 0) continue;
    kept.push(comment);
  }
  return kept;
}
