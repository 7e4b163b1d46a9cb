// The shapes a model must answer in. They stay inside the subset every provider's strict JSON-schema mode
// accepts (all fields required, no length or count limits); what the product needs beyond the shape is checked
// by `check*` afterwards, and a failed check gets the same single repair turn as a malformed answer.
import { z } from 'zod';
import { PROMPT_NUMBERS } from '../../../common/essay/prompts.ts';
import { repairedOneLine } from '../../../common/text/oneLine.ts';

const suggestions = z.array(z.object({ title: z.string(), description: z.string() }));

/** Explicit keys rather than a record, so strict providers require all six. */
export const topicsOutputSchema = z.object({
  '1': suggestions, '2': suggestions, '3': suggestions, '4': suggestions, '5': suggestions, '6': suggestions,
});
export type TopicsOutput = z.infer<typeof topicsOutputSchema>;

export const questionsOutputSchema = z.object({ questions: z.array(z.string()) });
export type QuestionsOutput = z.infer<typeof questionsOutputSchema>;

const MIN_QUESTIONS = 3;

export function checkTopics(output: TopicsOutput): string | null {
  // A title of invisible characters only is no title: it is dropped, so it must not count here either.
  const empty = PROMPT_NUMBERS.filter((n) => !output[n].some((s) => repairedOneLine(s.title) !== '' && s.description.trim() !== ''));
  return empty.length === 0 ? null : `prompts ${empty.join(', ')} have no suggestion with both a title and a description`;
}

export function checkQuestions(output: QuestionsOutput): string | null {
  const asked = output.questions.filter((q) => q.trim().length >= 5);
  return asked.length >= MIN_QUESTIONS ? null : `expected seven questions, got ${asked.length}`;
}
