// The offline composer: the AI port with no model and no key. Everything it writes is assembled from the
// student's own answers, deterministically for a (profile, variant), in a few milliseconds at most per call.
import { offlineCoachQuestions } from '../coach/offline.ts';
import { abortReason } from '../errors.ts';
import { essayNotes, supplementalNotes } from '../notes.ts';
import type { AiCallOptions, AiPort, EssayInput, SupplementalInput, TopicSuggestionsByPrompt, VariantOptions } from '../port.ts';
import { toStudentProfile } from '../profile.ts';
import { resolvePrompt } from '../promptRef.ts';
import { streamSentences, type SourcedParagraph } from './assemble.ts';
import { composeEssayWithSources } from './essay.ts';
import { scrubJunk } from '../../../common/text/junk.ts';
import { scrubProfile, scrubResponses } from './prose.ts';
import { composeQuestions } from './questions.ts';
import { createChooser } from './random.ts';
import { composeSupplementalWithSources } from './supplemental.ts';
import { composeTopics } from './topics.ts';

/** The line the essay pages show beside an offline draft (in src/common, so the pages show the same words). */
export { COMPOSER_DISCLOSURE } from '../../../common/essay/aiCopy.ts';

const seed = (...parts: unknown[]): string => JSON.stringify(parts);

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

export type { SourcedParagraph } from './assemble.ts';

/** A draft as paragraphs, each with the student's answers it was built from; its text is what the port streams. */
export interface ComposedDraft {
  paragraphs: Array<{ text: string; sources: string[] }>;
}

/**
 * The composer beyond the port: the same drafts with their sources per paragraph. A source names one of the
 * student's answers: `followUp:<question>`, `insight:<happy|roleModel|lesson|hobby|unique>`, `activity:<index>`
 * (in the activities list), `writingSample`, `academics` (majors and subjects), `collegeGoals`, `ownTopic` (the seventh
 * prompt's title and description, the student's own), `legacy:<field>`.
 */
export interface Composer extends AiPort {
  essayDraft(input: EssayInput): ComposedDraft;
  supplementalDraft(input: SupplementalInput): ComposedDraft;
}

export const toDraft = (paragraphs: readonly SourcedParagraph[]): ComposedDraft => ({
  paragraphs: paragraphs.map(({ sentences, sources }) => ({ text: sentences.join(' '), sources: [...sources] })),
});

// Drafts are built from the student's text with junk scrubbed out (template braces, "[object Object]",
// markup, runaway words), so nothing that is not prose reaches the page.
export function essayParagraphs(input: EssayInput): SourcedParagraph[] {
  const profile = scrubProfile(toStudentProfile(input.form));
  const topic = input.form.selectedTopic;
  // The seventh prompt's description is the student's text too, scrubbed like the rest (and its title like the idea).
  const form = topic ? { ...input.form, selectedTopic: { ...topic, idea: scrubJunk(topic.idea), description: scrubJunk(topic.description) } } : input.form;
  const clean = { ...input, form, idea: scrubJunk(input.idea), followUpResponses: scrubResponses(input.followUpResponses) };
  const chooser = createChooser(seed(profile, resolvePrompt(input.prompt).text, input.idea, input.followUpResponses), input.variant);
  return composeEssayWithSources(clean, profile, chooser);
}

export function supplementalParagraphs(input: SupplementalInput): SourcedParagraph[] {
  const profile = scrubProfile(toStudentProfile(input.form));
  const clean = { ...input, form: { ...input.form, followUpResponses: scrubResponses(input.form.followUpResponses) } };
  const chooser = createChooser(seed(profile, input.essayPrompt, input.wordCount), input.variant);
  return composeSupplementalWithSources(clean, profile, chooser);
}

export const sentencesOf = (paragraphs: readonly SourcedParagraph[]): string[][] => paragraphs.map((p) => p.sentences);

export function createComposer(): Composer {
  return {
    engine: 'offline',

    async topicSuggestions(form, options: VariantOptions = {}): Promise<TopicSuggestionsByPrompt> {
      checkSignal(options.signal);
      const profile = scrubProfile(toStudentProfile(form));
      return composeTopics(profile, createChooser(seed(profile), options.variant ?? 0));
    },

    async followupQuestions(form, prompt, idea, options: VariantOptions = {}): Promise<string[]> {
      checkSignal(options.signal);
      const profile = scrubProfile(toStudentProfile(form));
      const resolved = resolvePrompt(prompt);
      const chooser = createChooser(seed(profile, resolved.text, idea), options.variant ?? 0);
      return composeQuestions(profile, resolved.number, idea, chooser);
    },

    essay(input: EssayInput, options: AiCallOptions = {}): AsyncIterable<string> {
      return streamSentences(sentencesOf(essayParagraphs(input)), options.signal);
    },

    supplementalEssay(input: SupplementalInput, options: AiCallOptions = {}): AsyncIterable<string> {
      return streamSentences(sentencesOf(supplementalParagraphs(input)), options.signal);
    },

    coachQuestions: offlineCoachQuestions,

    essayDraft: (input) => toDraft(essayParagraphs(input)),
    essayParagraphSources: async (input) => toDraft(essayParagraphs(input)).paragraphs,
    supplementalDraft: (input) => toDraft(supplementalParagraphs(input)),

    essayNotes,
    supplementalNotes,
  };
}
