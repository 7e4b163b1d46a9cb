// The student's text one AI call hands to an engine is held to a budget: a body at its size limit carries far
// more text than an essay needs (and than a model should be paid to read). Over the budget, the longest texts
// are cut first, all to the same length, until the total fits: short answers stay whole, and nothing is
// refused. The same trimmed input goes to the offline composer and to a model.
import { codePointLength, cutToCodePoints } from '../../common/text/codePoints.ts';
import { mapStrings } from '../body/textHygiene.ts';
import type { AiPort, CoachQuestionsInput, EssayInput, SupplementalInput } from './port.ts';

/** Code points of student text per call: every field of a full questionnaire fits many times over. */
export const STUDENT_TEXT_BUDGET = 40_000;

/** The length every text is cut to so the total fits `budget` (Infinity when it already fits). */
export function capForBudget(lengths: readonly number[], budget: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let remaining = budget;
  for (let i = 0; i < sorted.length; i += 1) {
    const left = sorted.length - i;
    const length = sorted[i] ?? 0;
    if (length * left > remaining) return Math.max(0, Math.floor(remaining / left));
    remaining -= length;
  }
  return Infinity;
}

function collectLengths(value: unknown, into: number[]): void {
  if (typeof value === 'string') into.push(codePointLength(value));
  else if (Array.isArray(value)) value.forEach((item) => collectLengths(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => collectLengths(item, into));
}

/** `input` with its strings (not its keys) cut so their total is at most `budget` code points. */
export function trimToBudget<T>(input: T, budget = STUDENT_TEXT_BUDGET): T {
  const lengths: number[] = [];
  collectLengths(input, lengths);
  const cap = capForBudget(lengths, budget);
  return cap === Infinity ? input : mapStrings(input, (text) => cutToCodePoints(text, cap));
}

/**
 * A coach call's questionnaire held to what the budget leaves beside the draft and the prompt: those are never
 * cut (the contract bounds them, and a question must quote the draft exactly).
 */
function coachInput(input: CoachQuestionsInput, budget: number): CoachQuestionsInput {
  if (!input.form) return input;
  const left = Math.max(0, budget - codePointLength(input.draft) - codePointLength(input.prompt));
  return { ...input, form: trimToBudget(input.form, left) };
}

/** The port with every call's student text held to the budget. */
export function withTextBudget(port: AiPort, budget = STUDENT_TEXT_BUDGET): AiPort {
  const essayInput = (input: EssayInput): EssayInput => trimToBudget(input, budget);
  const supplementalInput = (input: SupplementalInput): SupplementalInput => trimToBudget(input, budget);
  return {
    engine: port.engine,
    ...(port.modelName === undefined ? {} : { modelName: port.modelName }),
    coachQuestions: (input, options) => port.coachQuestions(coachInput(input, budget), options),
    topicSuggestions: (form, options) => port.topicSuggestions(trimToBudget(form, budget), options),
    followupQuestions: (form, prompt, idea, options) => {
      const trimmed = trimToBudget({ form, prompt, idea }, budget);
      return port.followupQuestions(trimmed.form, trimmed.prompt, trimmed.idea, options);
    },
    essay: (input, options) => port.essay(essayInput(input), options),
    supplementalEssay: (input, options) => port.supplementalEssay(supplementalInput(input), options),
    essayNotes: (input) => port.essayNotes(essayInput(input)),
    supplementalNotes: (input) => port.supplementalNotes(supplementalInput(input)),
    ...(port.essayParagraphSources && { essayParagraphSources: (input: EssayInput) => port.essayParagraphSources!(essayInput(input)) }),
  };
}
