// The AI layer's entry point: the environment it reads (for config.ts to merge into the server's schema) and
// `createAi`, which returns the port for the configured engine — the offline composer unless a provider is set.
import { z } from 'zod';
import { aiEngineSchema } from '../../common/contract/contract.ts';
import { createThreadedComposer } from './composer/offThread.ts';
import type { AiPort } from './port.ts';
import {
  type AiSdkAdapterOptions, createAiSdkAdapter, DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_TIMEOUT_MS,
} from './sdk/adapter.ts';

export * from './port.ts';
export { COMPOSER_DISCLOSURE } from './composer/index.ts';
export { limitWords } from './wordLimitStream.ts';
export { essaySources } from './sources.ts';
export { reviewDraftOffThread } from './composer/offThread.ts';


/** An unset variable and an empty one (`AI_BASE_URL=`) mean the same. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const aiEnvSchema = z.object({
  AI_PROVIDER: optional(aiEngineSchema).transform((v) => v ?? 'offline'),
  AI_MODEL: optional(z.string().min(1)),
  AI_BASE_URL: optional(z.url()),
  OPENAI_API_KEY: optional(z.string().min(1)),
  ANTHROPIC_API_KEY: optional(z.string().min(1)),
  /** The key for any provider, for deployments that name it once. */
  AI_API_KEY: optional(z.string().min(1)),
  AI_TIMEOUT_MS: optional(z.coerce.number().int().min(1000).max(600_000)).transform((v) => v ?? DEFAULT_TIMEOUT_MS),
  AI_MAX_OUTPUT_TOKENS: optional(z.coerce.number().int().min(256).max(32_000)).transform((v) => v ?? DEFAULT_MAX_OUTPUT_TOKENS),
  AI_MAX_RETRIES: optional(z.coerce.number().int().min(0).max(5)).transform((v) => v ?? 2),
}).superRefine((env, ctx) => {
  if (env.AI_PROVIDER === 'offline') return;
  const fail = (path: string, message: string): void => { ctx.addIssue({ code: 'custom', path: [path], message }); };
  if (!env.AI_MODEL) fail('AI_MODEL', `is required when AI_PROVIDER is ${env.AI_PROVIDER}`);
  if (env.AI_PROVIDER === 'openai' && !(env.OPENAI_API_KEY ?? env.AI_API_KEY)) fail('OPENAI_API_KEY', 'is required when AI_PROVIDER is openai (or set AI_API_KEY)');
  if (env.AI_PROVIDER === 'anthropic' && !(env.ANTHROPIC_API_KEY ?? env.AI_API_KEY)) fail('ANTHROPIC_API_KEY', 'is required when AI_PROVIDER is anthropic (or set AI_API_KEY)');
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) fail('AI_BASE_URL', 'is required when AI_PROVIDER is openai-compatible (e.g. http://127.0.0.1:11434/v1 for Ollama)');
});
export type AiEnv = z.infer<typeof aiEnvSchema>;

export type AiConfig = { provider: 'offline' } | AiSdkAdapterOptions;

export function aiConfigFromEnv(env: AiEnv): AiConfig {
  if (env.AI_PROVIDER === 'offline') return { provider: 'offline' };
  const providerKey = env.AI_PROVIDER === 'openai' ? env.OPENAI_API_KEY : env.AI_PROVIDER === 'anthropic' ? env.ANTHROPIC_API_KEY : undefined;
  return {
    provider: env.AI_PROVIDER,
    model: env.AI_MODEL ?? '',
    apiKey: providerKey ?? env.AI_API_KEY,
    baseURL: env.AI_BASE_URL,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    maxRetries: env.AI_MAX_RETRIES,
  };
}

export function createAi(config: AiConfig): AiPort {
  return config.provider === 'offline' ? createThreadedComposer() : createAiSdkAdapter(config);
}
