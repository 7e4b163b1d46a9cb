// What the page says about a prompt's newest draft: over its word limit, or, for a Why-us prompt, naming another
// college on the list or failing the coach's swap test (it names nothing only this college has, so it would
// read the same with another listed college's name). The prompt's type is the planner's, so the swap test runs
// on every Why-us prompt, whatever its words.
import { draftContext } from '../../common/coach/context.ts';
import { readsTheSameForAnyCollege } from '../../common/coach/rules/swapTest.ts';
import type { CollegePlan } from '../../common/collegePlan/schema.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { type College, type CollegePrompt, promptType } from './collegePlanSlice.ts';

export type DraftWarning =
  | { kind: 'overLimit'; words: number; limit: number }
  | { kind: 'namesAnother'; college: string }
  | { kind: 'readsTheSame'; college: string };

/** The name as a phrase of whole words, case and spacing aside. */
const namePattern = (name: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])${name.trim().split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');

export function draftWarnings(plan: CollegePlan, college: College | null, prompt: CollegePrompt, draft: string): DraftWarning[] {
  if (draft.trim() === '') return [];
  const warnings: DraftWarning[] = [];
  const words = countWords(draft);
  if (prompt.wordLimit !== null && words > prompt.wordLimit) warnings.push({ kind: 'overLimit', words, limit: prompt.wordLimit });
  if (promptType(prompt) !== 'whyUs') return warnings;
  const others = plan.colleges.filter((other) => other.id !== college?.id);
  const named = others.find((other) => namePattern(other.name).test(draft));
  if (named) return [...warnings, { kind: 'namesAnother', college: named.name }];
  const [other] = others;
  if (!other) return warnings;
  const context = { ...draftContext({ kind: 'supplemental', draft, prompt: prompt.text, wordLimit: prompt.wordLimit }), colleges: plan.colleges.map(({ name }) => name) };
  return readsTheSameForAnyCollege(context) ? [...warnings, { kind: 'readsTheSame', college: other.name }] : warnings;
}

/** The warning as the page says it. */
export function warningText(warning: DraftWarning): string {
  switch (warning.kind) {
    case 'overLimit': return `Over the word limit: ${warning.words} words of ${warning.limit}.`;
    case 'namesAnother': return `Names another college on your list: ${warning.college}.`;
    case 'readsTheSame': return `Names another college on your list: it would read the same with ${warning.college} in its place (the swap test).`;
  }
}
