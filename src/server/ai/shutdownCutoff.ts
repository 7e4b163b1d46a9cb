// Model calls end before the server does. A model may take longer to answer than the shutdown deadline leaves
// (AI_TIMEOUT_MS is a minute, the deadline 25 s): a call still waiting when the cutoff fires is aborted with
// AiShutdownError, so its route answers a readable 503 (or, for the coach, its offline review) while the
// connection is still open, rather than the client seeing the connection cut ("socket hang up").
import { AiShutdownError } from './errors.ts';
import type { AiCallOptions, AiPort } from './port.ts';

/** The port with every call also stopped when `cutoff` aborts (with AiShutdownError as the reason). */
export function withShutdownCutoff(port: AiPort, cutoff: AbortSignal): AiPort {
  const stopped = new AbortController();
  cutoff.addEventListener('abort', () => stopped.abort(new AiShutdownError()), { once: true });
  if (cutoff.aborted) stopped.abort(new AiShutdownError());
  const merged = <T extends AiCallOptions>(options: T | undefined) =>
    ({ ...options, signal: options?.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal });
  return {
    ...port,
    coachQuestions: (input, options) => port.coachQuestions(input, merged(options)),
    topicSuggestions: (form, options) => port.topicSuggestions(form, merged(options)),
    followupQuestions: (form, prompt, idea, options) => port.followupQuestions(form, prompt, idea, merged(options)),
    essay: (input, options) => port.essay(input, merged(options)),
    supplementalEssay: (input, options) => port.supplementalEssay(input, merged(options)),
  };
}
