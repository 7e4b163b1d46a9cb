// The AI SDK adapter's remaining cases, on the SDK's own mock language model.
import { APICallError, simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  AiOutputError, AiRateLimitedError, AiTimeoutError, AiUpstreamError, collectText,
} from '../../../src/server/ai/port.ts';
import { createAiSdkAdapter } from '../../../src/server/ai/sdk/adapter.ts';
import { classifyQuestion } from '../../../src/server/ai/themes.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { RICH_PROFILES } from '../../fixtures/profiles.ts';
import { essayInput } from './portContract.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;

const fixture = RICH_PROFILES[1]!;
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

const generated = (text: string): GenerateResult => ({
  content: text === '' ? [] : [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: undefined },
  usage,
  warnings: [],
});

const streamed = (deltas: string[], tail: StreamPart[] = [
  { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
]): StreamResult => ({
  stream: simulateReadableStream<StreamPart>({
    chunks: [{ type: 'text-start', id: 't' }, ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id: 't', delta })), ...tail],
  }),
});

const apiError = (statusCode: number) => new APICallError({
  message: `status ${statusCode}`, url: 'https://provider.test/v1/chat/completions', requestBodyValues: {}, statusCode,
  responseHeaders: {}, isRetryable: statusCode === 429 || statusCode >= 500,
});

const suggestion = (n: number) => ({ title: `  Idea   ${n}  `, description: `Why idea ${n} matters.` });
const fivePerPrompt = JSON.stringify(Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((p) => [p, [1, 2, 3, 4, 5].map(suggestion)])));

const adapterWith = (model: MockLanguageModelV3, provider: 'openai' | 'anthropic' | 'openai-compatible' = 'openai') =>
  createAiSdkAdapter({ provider, model: 'mock', languageModel: model, maxOutputTokens: 1500, sleep: async () => undefined });

describe('AI SDK adapter on the mock model', () => {
  it('keeps three tidy suggestions per prompt', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated(fivePerPrompt) });
    const topics = await adapterWith(model).topicSuggestions(fixture.form, { variant: 3 });
    expect(topics['4']).toEqual([1, 2, 3].map((n) => ({ title: `Idea ${n}`, description: `Why idea ${n} matters.` })));
    const call = model.doGenerateCalls[0]!;
    expect(call.maxOutputTokens).toBe(1500);
    expect(call.seed).toBe(3);
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'topic_suggestions' });
  });

  it('sends no seed to Anthropic, which has none', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated(fivePerPrompt) });
    await adapterWith(model, 'anthropic').topicSuggestions(fixture.form, { variant: 2 });
    expect(model.doGenerateCalls[0]!.seed).toBeUndefined();
  });

  it('tops a short list of questions up to seven with the defaults for the missing themes', async () => {
    const asked = ['What moment in the garage inspired you most?', 'What challenge did the winter concert bring?'];
    const model = new MockLanguageModelV3({ doGenerate: generated(JSON.stringify({ questions: [...asked, 'How did it change your perspective?'] })) });
    const questions = await adapterWith(model).followupQuestions(fixture.form, fixture.prompt, fixture.idea);
    expect(questions).toHaveLength(7);
    expect(questions.slice(0, 2)).toEqual(asked);
    expect(new Set(questions.map(classifyQuestion)).size).toBe(7);
    expect(questions).toContain(DEFAULT_FOLLOWUP_QUESTIONS[2]);
  });

  it('sends a well-formed answer that misses a prompt back for repair', async () => {
    const missing = JSON.stringify({ ...JSON.parse(fivePerPrompt) as object, '3': [] });
    const model = new MockLanguageModelV3({ doGenerate: [generated(missing), generated(fivePerPrompt)] });
    const topics = await adapterWith(model).topicSuggestions(fixture.form);
    expect(topics['3']).toHaveLength(3);
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).toContain('prompts 3 have no suggestion');
  });

  it('makes every title one line: a model’s breaks, overrides and stacked marks mended, an invisible title dropped', async () => {
    const hostile = [
      { title: 'Robotics\nteam\u2028captain', description: 'Line breaks.' },
      { title: '\u202eReversed\u202c title\u200b', description: 'Overrides.' },
      { title: '\u200b\u2066\u2069\ufeff', description: 'Nothing to read.' },
      { title: 'Zalgo q\u0301\u0302\u0303\u0304\u0305', description: 'Marks.' },
    ];
    const output = JSON.stringify(Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((p) => [p, hostile])));
    const topics = await adapterWith(new MockLanguageModelV3({ doGenerate: generated(output) })).topicSuggestions(fixture.form);
    expect(topics['5']).toEqual([
      { title: 'Robotics team captain', description: 'Line breaks.' },
      { title: 'Reversed title', description: 'Overrides.' },
      { title: 'Zalgo q\u0301\u0302\u0303', description: 'Marks.' },
    ]);
  });

  it('sends a prompt whose only titles are invisible back for repair', async () => {
    const invisible = JSON.stringify({ ...JSON.parse(fivePerPrompt) as object, '2': [{ title: '\u200b\u202e', description: 'Hidden.' }] });
    const model = new MockLanguageModelV3({ doGenerate: [generated(invisible), generated(fivePerPrompt)] });
    const topics = await adapterWith(model).topicSuggestions(fixture.form);
    expect(topics['2']).toHaveLength(3);
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).toContain('prompts 2 have no suggestion');
  });

  it('treats an empty answer as invalid output: one repair, then AiOutputError', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated('') });
    await expect(adapterWith(model).topicSuggestions(fixture.form)).rejects.toBeInstanceOf(AiOutputError);
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('puts the rules in the system prompt and the student data in the fence', async () => {
    const model = new MockLanguageModelV3({ doStream: streamed(['Short essay.']) });
    await collectText(adapterWith(model).essay(essayInput(fixture)));
    const [system, user] = model.doStreamCalls[0]!.prompt;
    expect(system).toMatchObject({ role: 'system' });
    expect(JSON.stringify(system)).toMatch(/Use only facts found in the student data/);
    expect(JSON.stringify(user)).toMatch(/<student_data>[\s\S]*Cannonball Adderley[\s\S]*<\/student_data>/);
  });

  it('limits a supplemental essay to its requested count while streaming', async () => {
    const deltas = 'Every song has a colour. '.repeat(40).match(/\S+\s*/g) ?? [];
    const model = new MockLanguageModelV3({ doStream: streamed(deltas) });
    const essay = await collectText(adapterWith(model).supplementalEssay({ form: fixture.form, essayPrompt: 'Why music?', wordCount: 50, variant: 0 }));
    expect(countWords(essay)).toBe(50);
  });

  it('maps a provider failure in the middle of a stream to AiUpstreamError, keeping what was shown', async () => {
    const model = new MockLanguageModelV3({
      doStream: streamed(['The garage ', 'was cold. ', 'I played anyway. '], [{ type: 'error', error: apiError(503) }]),
    });
    const shown: string[] = [];
    const reading = (async () => { for await (const chunk of adapterWith(model).essay(essayInput(fixture))) shown.push(chunk); })();
    await expect(reading).rejects.toBeInstanceOf(AiUpstreamError);
    expect(shown.join('')).toContain('The garage was cold.');
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('does not retry a 429 once the essay has started', async () => {
    const model = new MockLanguageModelV3({ doStream: streamed(['Started. '], [{ type: 'error', error: apiError(429) }]) });
    await expect(collectText(adapterWith(model).essay(essayInput(fixture)))).rejects.toBeInstanceOf(AiRateLimitedError);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('maps a network failure to AiUpstreamError', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => { throw new TypeError('fetch failed'); } });
    const error = await adapterWith(model).topicSuggestions(fixture.form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect((error as AiUpstreamError).statusCode).toBeUndefined();
  });

  it('times out an essay from a model that ignores the abort signal, before its stream opens and while it is open', async () => {
    const neverOpens = new MockLanguageModelV3({ doStream: () => new Promise<StreamResult>(() => undefined) });
    const stalls = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream<StreamPart>({
          start(controller) { controller.enqueue({ type: 'text-delta', id: 't', delta: 'The garage was cold. ' }); },
        }),
      }),
    });
    const slowAdapter = (model: MockLanguageModelV3) =>
      createAiSdkAdapter({ provider: 'openai', model: 'mock', languageModel: model, timeoutMs: 100, sleep: async () => undefined });
    await expect(collectText(slowAdapter(neverOpens).essay(essayInput(fixture)))).rejects.toBeInstanceOf(AiTimeoutError);
    const shown: string[] = [];
    const reading = (async () => { for await (const chunk of slowAdapter(stalls).essay(essayInput(fixture))) shown.push(chunk); })();
    await expect(reading).rejects.toBeInstanceOf(AiTimeoutError);
    expect(shown.join('')).toBe('The garage was cold.');
  });

  it('cancels a model stream that opens only after the essay timed out', async () => {
    let cancelled = false;
    let opened = (): void => undefined;
    const late = new MockLanguageModelV3({
      doStream: () => new Promise<StreamResult>((resolve) => {
        opened = () => resolve({ stream: new ReadableStream<StreamPart>({ cancel() { cancelled = true; } }) });
      }),
    });
    const adapter = createAiSdkAdapter({ provider: 'openai', model: 'mock', languageModel: late, timeoutMs: 50, sleep: async () => undefined });
    await expect(collectText(adapter.essay(essayInput(fixture)))).rejects.toBeInstanceOf(AiTimeoutError);
    opened();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });

  it('stops reading the model’s stream when the reader stops early', async () => {
    let cancelled = false;
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream<StreamPart>({
          pull(controller) { controller.enqueue({ type: 'text-delta', id: 't', delta: 'Every song has a colour. ' }); },
          cancel() { cancelled = true; },
        }),
      }),
    });
    const essay = await collectText(adapterWith(model).supplementalEssay({ form: fixture.form, essayPrompt: 'Why music?', wordCount: 50, variant: 0 }));
    expect(countWords(essay)).toBe(50);
    expect(cancelled).toBe(true);
  });

  it('rejects with the caller’s abort, not an AI error, when the caller aborts during a call', async () => {
    const controller = new AbortController();
    const model = new MockLanguageModelV3({
      doGenerate: async ({ abortSignal }) => new Promise<GenerateResult>((_, reject) => {
        abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
        controller.abort(new DOMException('The student left.', 'AbortError'));
      }),
    });
    const error = await adapterWith(model).topicSuggestions(fixture.form, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', message: 'The student left.' });
  });
});
