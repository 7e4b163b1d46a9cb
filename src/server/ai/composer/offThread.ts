// The offline composer, and the coach's review of a draft, as the server runs them: on worker threads (piscina),
// not on the thread that answers every request. A draft from a questionnaire at its size limit, or the review of
// the longest draft the coach reads, is tens of milliseconds of CPU; on the event loop it would hold every other
// student's save and the health check for that long. Paid essays and free work (topics, questions, supplemental
// essays, the coach's reviews and questions) run in two pools of one thread each, so a paid essay never waits
// behind free work, however much of it is queued. A thread starts with its pool's first call and ends after a
// minute without one. Results are the same as on the calling thread (it is the same code, thread.ts).
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { CoachInput, CoachReview } from '../../../common/coach/index.ts';
import { abortReason, AiRateLimitedError } from '../errors.ts';
import { essayNotes, supplementalNotes } from '../notes.ts';
import type { AiCallOptions, AiPort, PlacedComment, TopicSuggestionsByPrompt } from '../port.ts';
import { streamSentences, type SourcedParagraph } from './assemble.ts';
import { sentencesOf, toDraft } from './index.ts';
import type { ComposerResult, ComposerTask } from './thread.ts';

const here = fileURLToPath(import.meta.url);
// Compiled (npm run build) the thread is JavaScript; run from the sources (development, tests) it is TypeScript,
// which the thread loads through tsx, as the process itself does.
const fromSources = extname(here) === '.ts';

function createPool(): Piscina<ComposerTask, ComposerResult> {
  return new Piscina({
    filename: new URL(`./thread${extname(here)}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    // Otherwise the thread takes the process's own options, as Node's threads do.
    ...(fromSources && { execArgv: ['--import', 'tsx'] }),
  });
}

type Pool = Piscina<ComposerTask, ComposerResult>;

/** Each pool of one thread: made on its first call, shared by every app in the process. */
const pools: { paid?: Pool; free?: Pool } = {};

/** The paid plan's essay (and its sources) runs in the paid pool; everything else is free. */
const poolFor = (task: ComposerTask): Pool => task.kind === 'essay' ? (pools.paid ??= createPool()) : (pools.free ??= createPool());

/** The tasks waiting for each pool's thread (0 for a pool not yet made). */
export const queuedTasks = (): { paid: number; free: number } =>
  ({ paid: pools.paid?.queueSize ?? 0, free: pools.free?.queueSize ?? 0 });

/**
 * How many tasks may wait for each pool's thread: each holds its input (a body of at most a few hundred KB) and
 * takes tens of milliseconds at most, so a full queue is a few seconds of work. Past it a call is answered 429
 * with a Retry-After, as a busy AI provider's would be, rather than queued without end.
 */
export const COMPOSER_QUEUE_MAX = 50;
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 5;

/**
 * Runs `task` on its pool's thread. Aborting rejects at once with the signal's reason, as every AI call does; a
 * task the thread has begun still finishes there, and its result is dropped.
 */
function run<R extends ComposerResult>(task: ComposerTask, signal?: AbortSignal): Promise<R> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const pool = poolFor(task);
  if (pool.queueSize >= COMPOSER_QUEUE_MAX) return Promise.reject(new AiRateLimitedError(QUEUE_FULL_RETRY_AFTER_SECONDS));
  const result = pool.run(task) as Promise<R>;
  if (!signal) return result;
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A draft streamed sentence by sentence once the thread has made it (the task starts with the first read). */
async function* streamedDraft(task: ComposerTask, signal?: AbortSignal): AsyncGenerator<string> {
  const paragraphs = await run<SourcedParagraph[]>(task, signal);
  yield* streamSentences(sentencesOf(paragraphs), signal);
}

/** The coach's rules' review of a draft (`analyseDraft`), on the thread. */
export const reviewDraftOffThread = (input: CoachInput): Promise<CoachReview> => run<CoachReview>({ kind: 'review', input });

export function createThreadedComposer(): AiPort {
  return {
    engine: 'offline',
    topicSuggestions: (form, options = {}) => run<TopicSuggestionsByPrompt>({ kind: 'topics', form, variant: options.variant ?? 0 }, options.signal),
    followupQuestions: (form, prompt, idea, options = {}) =>
      run<string[]>({ kind: 'followup', form, prompt, idea, variant: options.variant ?? 0 }, options.signal),
    essay: (input, options: AiCallOptions = {}) => streamedDraft({ kind: 'essay', input }, options.signal),
    supplementalEssay: (input, options: AiCallOptions = {}) => streamedDraft({ kind: 'supplemental', input }, options.signal),
    coachQuestions: (input, options = {}) => run<PlacedComment[]>({ kind: 'coach', input }, options.signal),
    essayNotes,
    supplementalNotes,
    essayParagraphSources: async (input) => toDraft(await run<SourcedParagraph[]>({ kind: 'essay', input })).paragraphs,
  };
}
