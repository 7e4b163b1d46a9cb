import { describe, expect, it } from 'vitest';
import { aiConfigFromEnv, aiEnvSchema, createAi } from '../../../src/server/ai/index.ts';

const parse = (env: Record<string, string | undefined>) => aiEnvSchema.safeParse(env);
const messages = (env: Record<string, string | undefined>): string[] => {
  const result = parse(env);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
};

describe('AI configuration', () => {
  it('defaults to the offline composer with no variables at all', () => {
    const env = aiEnvSchema.parse({});
    expect(env).toMatchObject({ AI_PROVIDER: 'offline', AI_TIMEOUT_MS: 60_000, AI_MAX_OUTPUT_TOKENS: 2048, AI_MAX_RETRIES: 2 });
    expect(createAi(aiConfigFromEnv(env)).engine).toBe('offline');
  });

  it('treats empty variables as unset', () => {
    expect(aiEnvSchema.parse({ AI_PROVIDER: '', AI_BASE_URL: '', AI_TIMEOUT_MS: '' }).AI_PROVIDER).toBe('offline');
  });

  it('refuses a provider without what it needs, naming the variable', () => {
    expect(messages({ AI_PROVIDER: 'openai' })).toEqual([
      'AI_MODEL is required when AI_PROVIDER is openai',
      'OPENAI_API_KEY is required when AI_PROVIDER is openai (or set AI_API_KEY)',
    ]);
    expect(messages({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' })).toEqual([
      'ANTHROPIC_API_KEY is required when AI_PROVIDER is anthropic (or set AI_API_KEY)',
    ]);
    expect(messages({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3' })[0]).toMatch(/^AI_BASE_URL is required/);
    expect(messages({ AI_PROVIDER: 'gemini' })).toHaveLength(1);
    expect(messages({ AI_TIMEOUT_MS: 'soon' })).toHaveLength(1);
  });

  it('builds an openai-compatible adapter without a key (Ollama needs none)', () => {
    const env = aiEnvSchema.parse({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1', AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_TIMEOUT_MS: '30000' });
    const config = aiConfigFromEnv(env);
    expect(config).toMatchObject({ provider: 'openai-compatible', model: 'llama3.1', timeoutMs: 30_000, apiKey: undefined });
    expect(createAi(config).engine).toBe('openai-compatible');
  });

  it('prefers the provider’s own key over AI_API_KEY', () => {
    const env = aiEnvSchema.parse({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude', ANTHROPIC_API_KEY: 'sk-ant', AI_API_KEY: 'generic' });
    expect(aiConfigFromEnv(env)).toMatchObject({ apiKey: 'sk-ant' });
    const openai = aiEnvSchema.parse({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt', AI_API_KEY: 'generic' });
    expect(aiConfigFromEnv(openai)).toMatchObject({ apiKey: 'generic' });
    expect(createAi(aiConfigFromEnv(openai)).engine).toBe('openai');
  });
});
