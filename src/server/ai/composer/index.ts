// The offline composer: the AI port with no model and no key. Everything it writes is assembled from the
// student's own answers, deterministically for a (profile, variant), in well under a millisecond per call.
import { abortReason } from '../errors.ts';
import { essayNotes, supplementalNotes } from '../notes.ts';
import type { AiCallOptions, AiPort, EssayInput, SupplementalInput, TopicSuggestionsByPrompt, VariantOptions } from '../port.ts';
import { toStudentProfile } from '../profile.ts';
import { resolvePrompt } from '../promptRef.ts';
import { streamSentences } from './assemble.ts';
import { composeEssay } from './essay.ts';
import { composeQuestions } from './questions.ts';
import { createChooser } from './random.ts';
import { composeSupplemental } from './supplemental.ts';
import { composeTopics } from './topics.ts';

/** The line the essay pages show beside an offline draft (in src/shared, so the pages show the same words). */
export { COMPOSER_DISCLOSURE } from '../../../shared/aiCopy.ts';

const seed = (...parts: unknown[]): string => JSON.stringify(parts);

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

export function createComposer(): AiPort {
  return {
    engine: 'offline',

    async topicSuggestions(form, options: VariantOptions = {}): Promise<TopicSuggestionsByPrompt> {
      checkSignal(options.signal);
      const profile = toStudentProfile(form);
      return composeTopics(profile, createChooser(seed(profile), options.variant ?? 0));
    },

    async followupQuestions(form, prompt, idea, options: VariantOptions = {}): Promise<string[]> {
      checkSignal(options.signal);
      const profile = toStudentProfile(form);
      const resolved = resolvePrompt(prompt);
      const chooser = createChooser(seed(profile, resolved.text, idea), options.variant ?? 0);
      return composeQuestions(profile, resolved.number, idea, chooser);
    },

    essay(input: EssayInput, options: AiCallOptions = {}): AsyncIterable<string> {
      const profile = toStudentProfile(input.form);
      const chooser = createChooser(seed(profile, resolvePrompt(input.prompt).text, input.idea, input.followUpResponses), input.variant);
      return streamSentences(composeEssay(input, profile, chooser), options.signal);
    },

    supplementalEssay(input: SupplementalInput, options: AiCallOptions = {}): AsyncIterable<string> {
      const profile = toStudentProfile(input.form);
      const chooser = createChooser(seed(profile, input.essayPrompt, input.wordCount), input.variant);
      return streamSentences(composeSupplemental(input, profile, chooser), options.signal);
    },

    essayNotes,
    supplementalNotes,
  };
}
