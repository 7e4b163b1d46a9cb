// Builders the coach's tests share: material from a questionnaire, and a comment's kind looked up by paragraph.
import type { CoachMaterial, CoachReview, CommentKind } from '../../../src/common/coach/index.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';

export function material(patch: (form: FormDocument) => void = () => {}, followUpResponses: Record<string, string> = {}): CoachMaterial {
  const form = emptyFormDocument();
  patch(form);
  return { form, followUpResponses };
}

/** The kinds of comment each paragraph drew, in the review's order. */
export const kindsByParagraph = (review: CoachReview): CommentKind[][] =>
  review.paragraphs.map((paragraph) => paragraph.comments.map((comment) => comment.kind));

/** Every comment of a review with its paragraph's index. */
export const allComments = (review: CoachReview) =>
  review.paragraphs.flatMap((paragraph) => paragraph.comments.map((comment) => ({ ...comment, paragraph: paragraph.index })));
