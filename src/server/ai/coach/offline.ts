// The coach's questions without a model: the offline analysis's own comments, with their paragraph. Pure and
// instant, so the composer's port answers the fifth operation the way it answers the four others.
import { analyseDraft, COACH_MAX_CHARS } from '../../../common/coach/index.ts';
import { COACH_MODEL_COMMENTS_MAX } from '../../../common/coach/limits.ts';
import { cutToCodePoints } from '../../../common/text/codePoints.ts';
import { abortReason } from '../errors.ts';
import type { AiCallOptions, CoachQuestionsInput, PlacedComment } from '../port.ts';

export async function offlineCoachQuestions(input: CoachQuestionsInput, options: AiCallOptions = {}): Promise<PlacedComment[]> {
  if (options.signal?.aborted) throw abortReason(options.signal);
  const draft = cutToCodePoints(input.draft, COACH_MAX_CHARS);
  const material = input.form && { form: input.form, followUpResponses: input.form.followUpResponses };
  const review = input.kind === 'personal'
    ? analyseDraft({ kind: 'personal', draft, prompt: input.prompt, wordLimit: input.wordLimit, material })
    : analyseDraft({ kind: 'supplemental', draft, prompt: input.prompt, wordLimit: input.wordLimit, material });
  return review.paragraphs
    .flatMap((paragraph) => paragraph.comments.map(({ kind, quote, question }) => ({ paragraph: paragraph.index, kind, quote, question })))
    .slice(0, COACH_MODEL_COMMENTS_MAX);
}
