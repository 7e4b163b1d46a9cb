// The composer's work, and the coach's review of a draft, as a worker thread runs them (offThread.ts): one task
// in, plain data out.
import { analyseDraft, type CoachInput, type CoachReview } from '../../../common/coach/index.ts';
import type { FormDocument } from '../../../common/questionnaire/formDocument.ts';
import { offlineCoachQuestions } from '../coach/offline.ts';
import type { CoachQuestionsInput, EssayInput, PlacedComment, SupplementalInput, TopicSuggestionsByPrompt } from '../port.ts';
import type { SourcedParagraph } from './assemble.ts';
import { createComposer, essayParagraphs, supplementalParagraphs } from './index.ts';

export type ComposerTask =
  | { kind: 'topics'; form: FormDocument; variant: number }
  | { kind: 'followup'; form: FormDocument; prompt: string; idea: string; variant: number }
  | { kind: 'essay'; input: EssayInput }
  | { kind: 'supplemental'; input: SupplementalInput }
  | { kind: 'coach'; input: CoachQuestionsInput }
  | { kind: 'review'; input: CoachInput };

export type ComposerResult = TopicSuggestionsByPrompt | string[] | SourcedParagraph[] | PlacedComment[] | CoachReview;

const composer = createComposer();

export default async function runComposerTask(task: ComposerTask): Promise<ComposerResult> {
  switch (task.kind) {
    case 'topics': return composer.topicSuggestions(task.form, { variant: task.variant });
    case 'followup': return composer.followupQuestions(task.form, task.prompt, task.idea, { variant: task.variant });
    case 'essay': return essayParagraphs(task.input);
    case 'supplemental': return supplementalParagraphs(task.input);
    case 'coach': return offlineCoachQuestions(task.input);
    case 'review': return analyseDraft(task.input);
  }
}
