// The Common App's prompts and the default follow-up questions, shared by the topics page and the server's
// composer; then which prompt a `selectedPrompt` names (the page sends the prompt's text; a number works too),
// and the rule for the seventh prompt's topic, which the student writes: the server's contract and the topics page
// apply the same rule, so a title the page accepts is never refused by the server and the other way round.
// Like every topic idea, the title is first made one line of text (oneLine.ts); the rest applies to that.
import { normaliseOneLine, ONE_LINE_MAX_CHARS } from '../text/oneLine.ts';

// ---- The six Common App prompts with generated topic suggestions, in the Common App's current wording ----
export const PROMPT_NUMBERS = ['1', '2', '3', '4', '5', '6'] as const;
export type PromptNumber = (typeof PROMPT_NUMBERS)[number];

export const COMMON_APP_PROMPTS: Record<PromptNumber, string> = {
  '1': 'Some students have a background, identity, interest, or talent that is so meaningful they believe their application would be incomplete without it. If this sounds like you, then please share your story.',
  '2': 'The lessons we take from obstacles we encounter can be fundamental to later success. Recount a time when you faced a challenge, setback, or failure. How did it affect you, and what did you learn from the experience?',
  '3': 'Reflect on a time when you questioned or challenged a belief or idea. What prompted your thinking? What was the outcome?',
  '4': 'Reflect on something that someone has done for you that has made you happy or thankful in a surprising way. How has this gratitude affected or motivated you?',
  '5': 'Discuss an accomplishment, event, or realization that sparked a period of personal growth and a new understanding of yourself or others.',
  '6': 'Describe a topic, idea, or concept you find so engaging that it makes you lose all track of time. Why does it captivate you? What or who do you turn to when you want to learn more?',
};

// ---- The seventh prompt: a topic of the student's own ----
// The product was specified with the six prompts above; the Common App now has a seventh, offered after them.
// Its topic is the student's own (a title and an optional description), so no suggestions are generated for it.
export const OWN_TOPIC_PROMPT_NUMBER = '7';
export const OWN_TOPIC_PROMPT = "Share an essay on any topic of your choice. It can be one you've already written, one that responds to a different prompt, or one of your own design.";
/** Every prompt the student may choose: the six with suggestions, then the seventh. */
export const ALL_PROMPT_NUMBERS = [...PROMPT_NUMBERS, OWN_TOPIC_PROMPT_NUMBER] as const;
export type AnyPromptNumber = (typeof ALL_PROMPT_NUMBERS)[number];
export const ALL_PROMPTS: Record<AnyPromptNumber, string> = { ...COMMON_APP_PROMPTS, [OWN_TOPIC_PROMPT_NUMBER]: OWN_TOPIC_PROMPT };

// ---- The seven default follow-up questions, one per theme ----
export const DEFAULT_FOLLOWUP_QUESTIONS = [
  'What moment connected to this topic inspired you the most, and why?',
  'How did this experience change your perspective or the way you see the world?',
  'What concrete details do you remember most vividly: the place, the people, what was said?',
  'How does this experience connect to your goals for college and beyond?',
  'What did you learn about yourself that nobody taught you directly?',
  'Which of your values or beliefs does this experience show, and how?',
  'What challenge did you face along the way, and how did you overcome it?',
] as const;

/** The longest topic title: the contract's limit on a selected idea. */
export const OWN_TOPIC_TITLE_MAX_CHARS = ONE_LINE_MAX_CHARS;

const normalise = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The prompt number `selected` names: "3", "Prompt 3", "7." or the prompt's text (or its opening, or a text
 * that contains the opening of the prompt); null for any other prompt.
 */
export function promptNumberOf(selected: string): AnyPromptNumber | null {
  const text = selected.replace(/\s+/g, ' ').trim();
  const digit = /^(?:prompt\s*(?:#\s*)?)?([1-7])\b[.:)]?/i.exec(text)?.[1];
  const numberOnly = digit !== undefined && text.replace(/[^a-z]/gi, '').replace(/^prompt/i, '').length < 3;
  if (numberOnly) return digit as AnyPromptNumber;
  const wanted = normalise(text);
  if (wanted === '') return null;
  return ALL_PROMPT_NUMBERS.find((number) => {
    const known = normalise(ALL_PROMPTS[number]);
    return known === wanted || known.startsWith(wanted) || wanted.includes(known.slice(0, 60));
  }) ?? null;
}

export const isOwnTopicPrompt = (selected: string): boolean => promptNumberOf(selected) === OWN_TOPIC_PROMPT_NUMBER;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/**
 * What is wrong with a title the student wrote for the seventh prompt, worded to follow "Your topic title"
 * (the page) or the field's name (the server's 400); null when it is a title of their own.
 */
export function ownTopicTitleProblem(title: string): string | null {
  const oneLine = normaliseOneLine(title, { maxChars: OWN_TOPIC_TITLE_MAX_CHARS });
  if ('problem' in oneLine) return oneLine.problem;
  const { value } = oneLine;
  if (value === '') return 'is required: write the topic of your essay in a few words';
  if ((value.match(LETTER_OR_DIGIT) ?? []).length < 2) return 'must contain at least two letters or digits';
  const own = normalise(value);
  if (own !== '' && normalise(OWN_TOPIC_PROMPT).startsWith(own) && own.split(' ').length >= 3) {
    return 'must name your own topic, not repeat the prompt';
  }
  return null;
}

/**
 * What is wrong with `idea` as the topic of `prompt`, any prompt (recognised or not), in the server's words; null
 * when the server takes it. Under the seventh prompt it is the student's own title; under any other it must
 * still be one line of something visible.
 */
export function topicIdeaProblem(prompt: string, idea: string): string | null {
  if (isOwnTopicPrompt(prompt)) {
    const problem = ownTopicTitleProblem(idea);
    return problem === null ? null : `${problem} (prompt 7 takes a topic title of your own)`;
  }
  const oneLine = normaliseOneLine(idea, { maxChars: OWN_TOPIC_TITLE_MAX_CHARS });
  if ('problem' in oneLine) return oneLine.problem;
  return oneLine.value === '' ? 'is required' : null;
}
