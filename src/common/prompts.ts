// Which Common App prompt a `selectedPrompt` names (the page sends the prompt's text; a number works too), and
// the rule for the seventh prompt's topic, which the student writes: the server's contract and the topics page
// apply the same rule, so a title the page accepts is never refused by the server and the other way round.
// Like every topic idea, the title is first made one line of text (oneLine.ts); the rest applies to that.
import {
  ALL_PROMPT_NUMBERS, ALL_PROMPTS, OWN_TOPIC_PROMPT, OWN_TOPIC_PROMPT_NUMBER, type AnyPromptNumber,
} from './constants.ts';
import { normaliseOneLine, ONE_LINE_MAX_CHARS } from './oneLine.ts';

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
