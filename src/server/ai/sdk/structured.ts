// Structured output (topics, questions): generateText with Output.object and a zod schema. When the model's
// JSON does not parse or fit the schema, it gets one repair turn with the error; then AiOutputError.
// The repair turn quotes the SDK's own description back to the model (it holds the model's answer, which may
// quote the student's draft); the AiOutputError, which routes log, names only the kind of fault (see fault.ts).
import { generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output, type ModelMessage } from 'ai';
import type { z } from 'zod';
import { AiOutputError } from '../errors.ts';
import { runCall, type CallSettings } from './call.ts';
import { CHECK_FAILED, faultOf, NO_ANSWER } from './fault.ts';

export interface StructuredRequest<T> {
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  name: string;
  /** What the product needs beyond the schema: a problem description, or null when the output is usable. */
  check?: (output: T) => string | null;
  variant: number;
  signal?: AbortSignal;
}

/** `issue` goes back to the model in the repair turn; `fault` is what may be logged: no text of the answer. */
type Attempt<T> = { ok: true; value: T } | { ok: false; text: string; issue: string; fault: string };

const MAX_ISSUE_CHARS = 600;

function describe(error: NoObjectGeneratedError | NoOutputGeneratedError): string {
  const cause = error.cause instanceof Error ? error.cause.message : error.message;
  return cause.replace(/\s+/g, ' ').slice(0, MAX_ISSUE_CHARS);
}

async function attempt<T>(settings: CallSettings, request: StructuredRequest<T>, messages: ModelMessage[]): Promise<Attempt<T>> {
  return runCall(settings, request.signal, async (deadline) => {
    try {
      const result = await generateText({
        model: settings.model,
        system: request.system,
        messages,
        output: Output.object({ schema: request.schema, name: request.name }),
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: 0,
        abortSignal: deadline.signal,
        ...(settings.supportsSeed ? { seed: request.variant } : {}),
      });
      const problem = request.check?.(result.output) ?? null;
      return problem === null
        ? { ok: true, value: result.output }
        : { ok: false, text: result.text, issue: problem, fault: CHECK_FAILED };
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) {
        return { ok: false, text: error.text ?? '', issue: describe(error), fault: faultOf(error.cause) };
      }
      if (NoOutputGeneratedError.isInstance(error)) return { ok: false, text: '', issue: describe(error), fault: NO_ANSWER };
      throw error;
    }
  });
}

export async function generateStructured<T>(settings: CallSettings, request: StructuredRequest<T>): Promise<T> {
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
  const first = await attempt(settings, request, messages);
  if (first.ok) return first.value;
  const repair: ModelMessage[] = [
    ...messages,
    { role: 'assistant', content: first.text === '' ? '(no answer)' : first.text },
    {
      role: 'user',
      content: `That answer could not be used: ${first.issue}\nReply again with only the JSON object, shaped exactly as asked, and nothing else.`,
    },
  ];
  const second = await attempt(settings, request, repair);
  if (second.ok) return second.value;
  throw new AiOutputError(second.fault);
}
