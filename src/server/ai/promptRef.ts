// The page sends `selectedPrompt` as a prompt number or as the prompt's text; this resolves either.
import { COMMON_APP_PROMPTS, PROMPT_NUMBERS, type PromptNumber } from '../../shared/constants.ts';
import { clean } from './profile.ts';

export interface PromptRef {
  /** The Common App prompt number, or null for a prompt that is not one of the six. */
  number: PromptNumber | null;
  text: string;
}

const normalise = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

export function resolvePrompt(selected: string): PromptRef {
  const text = clean(selected);
  const digit = /^(?:prompt\s*(?:#\s*)?)?([1-6])\b[.:)]?/i.exec(text)?.[1];
  const numberOnly = digit !== undefined && text.replace(/[^a-z]/gi, '').replace(/^prompt/i, '').length < 3;
  if (numberOnly) {
    const number = digit as PromptNumber;
    return { number, text: COMMON_APP_PROMPTS[number] };
  }
  const wanted = normalise(text);
  const match = PROMPT_NUMBERS.find((number) => {
    const known = normalise(COMMON_APP_PROMPTS[number]);
    return wanted !== '' && (known === wanted || known.startsWith(wanted) || wanted.includes(known.slice(0, 60)));
  });
  return match ? { number: match, text: COMMON_APP_PROMPTS[match] } : { number: null, text };
}
