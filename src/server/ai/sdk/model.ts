// The language model for a configured provider. OpenAI goes through chat completions (openai.chat), which
// every OpenAI-compatible server speaks too.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiEngine } from '../../../common/contract/contract.ts';

/** Every engine but the offline composer runs through the AI SDK. */
export type SdkProvider = Exclude<AiEngine, 'offline'>;

export interface ModelOptions {
  provider: SdkProvider;
  model: string;
  apiKey?: string;
  baseURL?: string;
}

export function createLanguageModel(options: ModelOptions): LanguageModel {
  const { provider, model, apiKey, baseURL } = options;
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL }).chat(model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL })(model);
    case 'openai-compatible':
      if (!baseURL) throw new Error('AI_BASE_URL is required for the openai-compatible provider');
      return createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey, supportsStructuredOutputs: true })(model);
  }
}

/** Anthropic's API has no sampling seed; the others accept one. */
export const providerSupportsSeed = (provider: SdkProvider): boolean => provider !== 'anthropic';
