// The page sends `selectedPrompt` as a prompt number or as the prompt's text; this resolves either.
import { ALL_PROMPTS, OWN_TOPIC_PROMPT_NUMBER, type AnyPromptNumber, promptNumberOf } from '../../common/essay/prompts.ts';
import { normaliseOneLine } from '../../common/text/oneLine.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';
import { clean } from './profile.ts';

export interface PromptRef {
  /** The Common App prompt number (7: a topic of the student's own), or null for any other prompt. */
  number: AnyPromptNumber | null;
  text: string;
}

export function resolvePrompt(selected: string): PromptRef {
  const number = promptNumberOf(selected);
  return number ? { number, text: ALL_PROMPTS[number] } : { number: null, text: clean(selected) };
}

/** True for the seventh prompt, whose topic title and description the student wrote. */
export const isOwnTopic = (prompt: PromptRef): boolean => prompt.number === OWN_TOPIC_PROMPT_NUMBER;

/**
 * The description the student wrote for their own topic (the seventh prompt), from the form's selected topic
 * when it is that topic; '' otherwise. A suggestion's description under prompts 1–6 is generated text, not
 * the student's, so it is never used as their material.
 */
export function ownTopicDescription(form: FormDocument, prompt: PromptRef, idea: string): string {
  const topic = form.selectedTopic;
  if (!isOwnTopic(prompt) || !topic || promptNumberOf(topic.prompt) !== OWN_TOPIC_PROMPT_NUMBER) return '';
  return clean(asOneLine(topic.idea)) === clean(idea) ? clean(topic.description) : '';
}

/** The stored title as the request's `selectedIdea` arrives (normalised), so the two compare equal when they are. */
function asOneLine(title: string): string {
  const result = normaliseOneLine(title);
  return 'value' in result ? result.value : '';
}
