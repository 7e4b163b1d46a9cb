// Which Common App prompt a `selectedPrompt` names (the page sends the prompt's text; a number works too), and
// the rule for the seventh prompt's topic, which the student writes: the server's contract and the topics page
// apply the same rule, so a title the page accepts is never refused by the server and the other way round.
import {
  ALL_PROMPT_NUMBERS, ALL_PROMPTS, OWN_TOPIC_PROMPT, OWN_TOPIC_PROMPT_NUMBER, type AnyPromptNumber,
} from './constants.ts';
import { codePointLength } from './text.ts';

/** The longest topic title: the contract's limit on a selected idea. */
export const OWN_TOPIC_TITLE_MAX_CHARS = 300;

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

// Control characters (a line break among them): a title is one line of text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/**
 * What is wrong with a title the student wrote for the seventh prompt, worded to follow "Your topic title"
 * (the page) or the field's name (the server's 400); null when it is a title of their own.
 */
export function ownTopicTitleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'is required: write the topic of your essay in a few words';
  if (codePointLength(trimmed) > OWN_TOPIC_TITLE_MAX_CHARS) return `must be at most ${OWN_TOPIC_TITLE_MAX_CHARS} characters long`;
  if (CONTROL.test(trimmed)) return 'must be one line of text';
  if ((trimmed.match(LETTER_OR_DIGIT) ?? []).length < 2) return 'must contain at least two letters or digits';
  const own = normalise(trimmed);
  if (own !== '' && normalise(OWN_TOPIC_PROMPT).startsWith(own) && own.split(' ').length >= 3) {
    return 'must name your own topic, not repeat the prompt';
  }
  return null;
}

export const isOwnTopicTitle = (title: string): boolean => ownTopicTitleProblem(title) === null;
