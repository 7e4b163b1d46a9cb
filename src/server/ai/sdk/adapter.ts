// The AI port on any LLM through the Vercel AI SDK (ai 6): structured output for topics and questions,
// the model's own stream (stream.ts) for essays behind the word-limit guard.
import type { LanguageModel } from 'ai';
import { DEFAULT_FOLLOWUP_QUESTIONS, PROMPT_NUMBERS } from '../../../common/essay/prompts.ts';
import { ESSAY_WORD_LIMIT } from '../../../common/limits/limits.ts';
import type { TopicSuggestion } from '../../../common/questionnaire/formDocument.ts';
import { repairedOneLine } from '../../../common/text/oneLine.ts';
import { cutToCodePoints } from '../../../common/text/codePoints.ts';
import { usableComments } from '../coach/checked.ts';
import { COACH_SYSTEM_PROMPT, coachOutputSchema, coachPrompt } from '../coach/prompt.ts';
import { essayNotes, supplementalNotes } from '../notes.ts';
import type { AiPort, TopicSuggestionsByPrompt } from '../port.ts';
import { essayPrompt, questionsPrompt, supplementalPrompt, SYSTEM_PROMPT, topicsPrompt } from '../prompts.ts';
import { classifyQuestion } from '../themes.ts';
import { limitWords } from '../wordLimitStream.ts';
import type { CallSettings } from './call.ts';
import { createLanguageModel, type ModelOptions, providerSupportsSeed } from './model.ts';
import { defaultRetryPolicy, type Sleep } from './retry.ts';
import { checkQuestions, checkTopics, questionsOutputSchema, topicsOutputSchema } from './schemas.ts';
import { streamModelText } from './stream.ts';
import { generateStructured } from './structured.ts';

export interface AiSdkAdapterOptions extends ModelOptions {
  /** Per attempt for topics and questions; until the first token and between tokens for essays. */
  timeoutMs?: number;
  maxOutputTokens?: number;
  /** How many times a provider 429 is retried before AiRateLimitedError. */
  maxRetries?: number;
  /** Replaces the backoff wait (tests); defaults to a real, abortable timer. */
  sleep?: Sleep;
  random?: () => number;
  /** Replaces the provider's model (tests with MockLanguageModelV3). */
  languageModel?: LanguageModel;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 2048;
const SUGGESTIONS_PER_PROMPT = 3;
/** The stored document's limits (formDocument.ts), so a model's answer always fits the page's state. */
const MAX_TITLE_CHARS = 300;
const MAX_DESCRIPTION_CHARS = 2000;
const MAX_QUESTION_CHARS = 1000;
const QUESTION_COUNT = DEFAULT_FOLLOWUP_QUESTIONS.length;

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Exactly seven questions: the model's, topped up with the defaults for any theme it left out. */
function sevenQuestions(questions: string[]): string[] {
  const asked = questions.map((q) => tidy(q).slice(0, MAX_QUESTION_CHARS)).filter((q) => q.length >= 5);
  const result = [...new Set(asked)].slice(0, QUESTION_COUNT);
  const covered = new Set(result.map(classifyQuestion));
  for (const fallback of DEFAULT_FOLLOWUP_QUESTIONS) {
    if (result.length >= QUESTION_COUNT) break;
    if (!covered.has(classifyQuestion(fallback)) && !result.includes(fallback)) result.push(fallback);
  }
  return result;
}

const trimSpacesEnd = (line: string): string => {
  let end = line.length;
  while (end > 0 && (line.charAt(end - 1) === ' ' || line.charAt(end - 1) === '\t')) end -= 1;
  return line.slice(0, end);
};

/**
 * Every run of blank lines (whitespace only) made one blank line, the spaces around it dropped:
 * "a  \n \n\n  b" becomes "a\n\nb"; a single line break is kept as it is. Line by line, in one pass.
 */
export function collapseBlankLines(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [lines[0] ?? ''];
  let blankRun = false;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const last = index === lines.length - 1;
    if (line.trim() === '' && !last) {
      blankRun = true;
      continue;
    }
    if (blankRun) {
      kept[kept.length - 1] = trimSpacesEnd(kept[kept.length - 1] ?? '');
      kept.push('', line.trimStart());
      blankRun = false;
    } else {
      kept.push(line);
    }
  }
  return kept.join('\n');
}

/**
 * A model's stream with every run of blank lines between paragraphs made one blank line, so the page never
 * shows an empty paragraph. Whitespace at the end of a chunk waits for the next one to see what follows.
 */
export async function* singleBlankLines(source: AsyncIterable<string>): AsyncGenerator<string> {
  let held = '';
  for await (const chunk of source) {
    const text = held + chunk;
    const bodyLength = text.trimEnd().length;
    held = text.slice(bodyLength);
    const body = collapseBlankLines(text.slice(0, bodyLength));
    if (body !== '') yield body;
  }
  // Whitespace after the last word is dropped: a finished essay never ends in a blank line.
}

export function createAiSdkAdapter(options: AiSdkAdapterOptions): AiPort {
  const settings: CallSettings = {
    model: options.languageModel ?? createLanguageModel(options),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputTokens: options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    retry: defaultRetryPolicy({
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.random ? { random: options.random } : {}),
    }),
    supportsSeed: providerSupportsSeed(options.provider),
  };
  /** The model's own stream, one blank line between paragraphs, held to the word limit. */
  const essayStream = (prompt: string, variant: number, maxWords: number, signal?: AbortSignal) => {
    const text = streamModelText(settings, { system: SYSTEM_PROMPT, prompt, variant, signal });
    return limitWords(singleBlankLines(text), { maxWords });
  };

  return {
    engine: options.provider,
    modelName: options.model,

    async topicSuggestions(form, { signal, variant = 0 } = {}): Promise<TopicSuggestionsByPrompt> {
      const output = await generateStructured(settings, {
        system: SYSTEM_PROMPT, prompt: topicsPrompt(form, variant), schema: topicsOutputSchema,
        name: 'topic_suggestions', variant, signal, check: checkTopics,
      });
      // A title is quoted back in questions and the essay: one line like any topic idea, mended since a model wrote it.
      const pick = (list: TopicSuggestion[]): TopicSuggestion[] => list
        .map((s) => ({ title: repairedOneLine(tidy(s.title), MAX_TITLE_CHARS), description: cutToCodePoints(tidy(s.description), MAX_DESCRIPTION_CHARS) }))
        .filter((s) => s.title !== '' && s.description !== '')
        .slice(0, SUGGESTIONS_PER_PROMPT);
      return Object.fromEntries(PROMPT_NUMBERS.map((n) => [n, pick(output[n])])) as TopicSuggestionsByPrompt;
    },

    async followupQuestions(form, prompt, idea, { signal, variant = 0 } = {}): Promise<string[]> {
      const output = await generateStructured(settings, {
        system: SYSTEM_PROMPT, prompt: questionsPrompt(form, prompt, idea, variant), schema: questionsOutputSchema,
        name: 'followup_questions', variant, signal, check: checkQuestions,
      });
      return sevenQuestions(output.questions);
    },

    essay: (input, { signal } = {}) => essayStream(essayPrompt(input), input.variant, ESSAY_WORD_LIMIT, signal),
    supplementalEssay: (input, { signal } = {}) =>
      essayStream(supplementalPrompt(input), input.variant, input.wordCount, signal),

    async coachQuestions(input, { signal } = {}) {
      // Structured output like topics; a question that fails the checks is dropped rather than sent for repair.
      const output = await generateStructured(settings, {
        system: COACH_SYSTEM_PROMPT, prompt: coachPrompt(input), schema: coachOutputSchema, name: 'coach_questions', variant: 0, signal,
      });
      return usableComments(input.draft, output);
    },

    essayNotes,
    supplementalNotes,
  };
}
