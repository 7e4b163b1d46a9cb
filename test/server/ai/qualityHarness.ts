// Runs the quality harness's students through the offline composer and measures every draft; the Vitest
// harness asserts the thresholds and `npm run bench` prints the same rows as a table.
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { createAiSdkAdapter } from '../../../src/server/ai/sdk/adapter.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import { ESSAY_WORD_LIMIT, PERSONAL_STATEMENT_MIN_WORDS } from '../../../src/common/limits/limits.ts';
import { PROMPT_NUMBERS } from '../../../src/common/essay/prompts.ts';
import { essayMaterial, MATERIAL_FOR_MINIMUM_WORDS } from '../../../src/common/essay/essayMaterial.ts';
import { QUALITY_CASES, type QualityCase } from '../../fixtures/qualityProfiles.ts';
import { ENGINEERING_ANSWER, GEORGIA_TECH_ANSWER, WORKER_ESSAY } from '../../fixtures/recordedModelResponses.ts';
import { reviewDraft } from './coachFindings.ts';
import { measure, type Quality } from './essayQuality.ts';
import type { CoachReview } from '../../../src/common/coach/index.ts';

export const composer = createComposer();

/** Everything the student typed (and the prompt they answer), to tell their words from the composer's. */
export const studentTextOf = (c: QualityCase): string => JSON.stringify([
  c.form, c.followUpResponses, c.kind === 'personal' ? c.idea : c.essayPrompt,
]).replace(/\\u2019/g, '’').replace(/\\"/g, '"');

export const materialOf = (c: QualityCase): number => essayMaterial(c.form, c.followUpResponses).words;

/** The word band a draft must land in, given the student's material. */
export function band(c: QualityCase): { min: number; max: number } {
  const material = materialOf(c);
  if (c.kind === 'personal') return { min: material >= MATERIAL_FOR_MINIMUM_WORDS ? PERSONAL_STATEMENT_MIN_WORDS : 0, max: ESSAY_WORD_LIMIT };
  return { min: material >= 1.2 * c.wordCount ? Math.ceil(0.85 * c.wordCount) : 0, max: c.wordCount };
}

export async function composeCase(c: QualityCase, variant = 0): Promise<string> {
  return c.kind === 'personal'
    ? collectText(composer.essay({ form: c.form, prompt: c.prompt, idea: c.idea, followUpResponses: c.followUpResponses, variant }))
    : collectText(composer.supplementalEssay({
      form: { ...c.form, followUpResponses: c.followUpResponses }, essayPrompt: c.essayPrompt, wordCount: c.wordCount, variant,
    }));
}

export interface CaseResult {
  c: QualityCase;
  text: string;
  quality: Quality;
  material: number;
  band: { min: number; max: number };
  /** Topic titles that occur under more than one prompt (personal statements only). */
  repeatedTitles: string[];
  /** Prompts whose suggestions quote a passage another prompt's suggestions quote too. */
  sharedDetails: number;
  /** The coach's review of the draft, with the student's material behind it. */
  coach: CoachReview;
}

export async function topicOverlap(c: QualityCase): Promise<{ repeatedTitles: string[]; sharedDetails: number }> {
  if (c.kind !== 'personal') return { repeatedTitles: [], sharedDetails: 0 };
  const topics = await composer.topicSuggestions(c.form);
  const titles = PROMPT_NUMBERS.flatMap((prompt) => topics[prompt].map((s) => s.title));
  const repeatedTitles = titles.filter((title, i) => titles.indexOf(title) !== i);
  const quotes = PROMPT_NUMBERS.map((prompt) => new Set(topics[prompt].flatMap((s) => s.description.match(/“[^”]{12,}”/g) ?? [])));
  const sharedDetails = quotes.filter((mine, i) => [...mine].some((q) => quotes.some((other, j) => j !== i && other.has(q)))).length;
  return { repeatedTitles, sharedDetails };
}

export async function runCase(c: QualityCase, variant = 0): Promise<CaseResult> {
  const text = await composeCase(c, variant);
  const quality = measure(text, {
    studentText: studentTextOf(c), planted: c.planted, ...(c.kind === 'supplemental' ? { keyTerms: c.keyTerms } : {}),
  });
  return { c, text, quality, material: materialOf(c), band: band(c), ...(await topicOverlap(c)), coach: reviewDraft(c, text) };
}

export const runAll = (variant = 0): Promise<CaseResult[]> => Promise.all(QUALITY_CASES.map((c) => runCase(c, variant)));

const label = (c: QualityCase): string => c.kind === 'personal' ? `PS prompt ${c.prompt}` : `supp ${c.wordCount}`;

/** The harness as a Markdown table, one row per draft. */
export function qualityTable(results: readonly CaseResult[]): string {
  const header = '| profile | essay | material | words (band) | planted | rep. 4-grams | seams | clichés | spread | 1st person | junk | no-detail | key terms | titles |';
  const rule = `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`;
  const rows = results.map(({ c, quality: q, material, band: b, repeatedTitles, sharedDetails }) => [
    `${c.name} (${c.shape})`, label(c), material, `${q.words} (${b.min}–${b.max})`, `${q.plantedUsed}/${q.plantedTotal}`,
    q.repeated4grams, q.seams.length, q.cliches.length, q.sentenceSpread, q.firstPerson, q.junk.length,
    `${q.detailless.length}${q.unsupported.length > 0 ? ` (${q.unsupported.length} over)` : ''}`,
    c.kind === 'supplemental' ? (q.keyTermsMissing.length === 0 ? 'ok' : `missing ${q.keyTermsMissing.length}`) : '–',
    c.kind === 'personal' ? `${repeatedTitles.length === 0 ? 'distinct' : `${repeatedTitles.length} repeated`}${sharedDetails > 0 ? `, ${sharedDetails} share` : ''}` : '–',
  ].join(' | '));
  return [header, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

// ---- Recorded model answers through the AI SDK adapter (its word limit and paragraph tidying) ----

type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/** A recorded answer streamed back in 7-character pieces, as a provider sends tokens. */
function replay(text: string): MockLanguageModelV3 {
  const deltas = text.match(/[\s\S]{1,7}/g) ?? [];
  return new MockLanguageModelV3({
    doStream: async (): Promise<StreamResult> => ({
      stream: simulateReadableStream<StreamPart>({
        chunks: [
          { type: 'text-start', id: 't' },
          ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id: 't', delta })),
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ],
      }),
    }),
  });
}

const adapterFor = (text: string) =>
  createAiSdkAdapter({ provider: 'openai', model: 'recorded', languageModel: replay(text), sleep: async () => undefined });

export const RECORDED: Array<{ name: string; c: QualityCase; response: string }> = [
  { name: 'personal statement past the limit', c: QUALITY_CASES.find((x) => x.shape.startsWith('rich, works'))!, response: WORKER_ESSAY },
  { name: '“Why Georgia Tech?” past its 200 words, with a stray blank line', c: QUALITY_CASES.find((x) => x.name.startsWith('why Georgia Tech'))!, response: GEORGIA_TECH_ANSWER },
  { name: '“Why engineering?” within its 250 words', c: QUALITY_CASES.find((x) => x.name === 'why engineering')!, response: ENGINEERING_ANSWER },
];

export async function throughAdapter({ c, response }: { c: QualityCase; response: string }): Promise<string> {
  const adapter = adapterFor(response);
  return c.kind === 'personal'
    ? collectText(adapter.essay({ form: c.form, prompt: c.prompt, idea: c.idea, followUpResponses: c.followUpResponses, variant: 0 }))
    : collectText(adapter.supplementalEssay({ form: c.form, essayPrompt: c.essayPrompt, wordCount: c.wordCount, variant: 0 }));
}

