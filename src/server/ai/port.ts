// The AI port: the four operations the essay flow needs, and the coach's questions about a student's own draft,
// whichever engine answers them. Two adapters implement it and pass the same contract tests: the offline
// composer (with the coach's rules for the fifth) and the AI SDK adapter.
import type { PlacedComment } from '../../common/coach/merge.ts';
import type { AiEngine } from '../../common/contract/contract.ts';
import type { PromptNumber } from '../../common/essay/prompts.ts';
import type { FormDocument, TopicSuggestion } from '../../common/questionnaire/formDocument.ts';

export {
  AiError, AiOutputError, AiRateLimitedError, AiShutdownError, AiTimeoutError, AiUpstreamError, isAiError,
} from './errors.ts';

/** Suggestions for every one of the six Common App prompts. */
export type TopicSuggestionsByPrompt = Record<PromptNumber, TopicSuggestion[]>;

export interface AiCallOptions {
  /** Aborting rejects the call (or ends the stream) with the signal's reason and stops the upstream request. */
  signal?: AbortSignal;
}

export interface VariantOptions extends AiCallOptions {
  /**
   * Which version to produce: 0 for the first, 1, 2… for each Regenerate. The composer is deterministic for a
   * given (profile, variant); a model is asked for a fresh angle and seeded with it where the provider allows.
   */
  variant?: number;
}

export interface EssayInput {
  form: FormDocument;
  /** A prompt number ('1'–'6') or the prompt's text, as the page sends `selectedPrompt`. */
  prompt: string;
  idea: string;
  /** Question text → the student's answer. */
  followUpResponses: Record<string, string>;
  variant: number;
}

export interface SupplementalInput {
  form: FormDocument;
  essayPrompt: string;
  /** The requested length; the essay stays at or under it, aiming for the 10% just below. */
  wordCount: number;
  variant: number;
}

/** A draft the student wrote, and what it answers: the coach's questions are about it. */
export interface CoachQuestionsInput {
  draft: string;
  kind: 'personal' | 'supplemental';
  /** The supplemental prompt ('' for a personal statement without one). */
  prompt: string;
  /** Null: the prompt has no limit, and the coach checks no length. */
  wordLimit: number | null;
  /** The student's questionnaire, for what the draft could use; a model never gets the name or the e-mail. */
  form?: FormDocument;
}

export type { PlacedComment } from '../../common/coach/merge.ts';

export interface AiPort {
  /** 'offline' for the composer, otherwise the provider name; the page words its disclosure by it. */
  readonly engine: AiEngine;
  /** The model's name as the operator configured it (AI_MODEL); absent offline. */
  readonly modelName?: string;
  topicSuggestions(form: FormDocument, options?: VariantOptions): Promise<TopicSuggestionsByPrompt>;
  followupQuestions(form: FormDocument, prompt: string, idea: string, options?: VariantOptions): Promise<string[]>;
  /**
   * The personal statement as it is written, in chunks whose concatenation is the essay (≤ 650 words).
   * Failures surface as the iteration rejecting with one of the typed errors.
   */
  essay(input: EssayInput, options?: AiCallOptions): AsyncIterable<string>;
  supplementalEssay(input: SupplementalInput, options?: AiCallOptions): AsyncIterable<string>;
  /**
   * Questions about the student's own draft, each quoting their exact words in one paragraph and asking (never
   * rewriting), at most COACH_MODEL_COMMENTS_MAX: a model's (checked against the review's comment schema and
   * filterModelComments), or offline the coach's rules' own.
   */
  coachQuestions(input: CoachQuestionsInput, options?: AiCallOptions): Promise<PlacedComment[]>;
  /**
   * What the student could add to make the draft stronger, one sentence each (empty when nothing obvious is
   * missing). Pure and instant: computed from the profile and answers, the same for every adapter, and kept
   * apart from the essay text so a copied or downloaded essay never carries it.
   */
  essayNotes(input: EssayInput): string[];
  supplementalNotes(input: SupplementalInput): string[];
  /**
   * The engine's own record of which answers each paragraph of its essay came from, for an engine that keeps
   * one (the offline composer, deterministic for an input); absent for a model, whose sources are derived.
   */
  essayParagraphSources?(input: EssayInput): Promise<Array<{ text: string; sources: string[] }>>;
}

/** Joins a streamed essay into its text (for the JSON answer when the client did not ask for a stream). */
export async function collectText(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
