import { describe, expect, it } from 'vitest';
import { essayKeySchema } from '../../../src/common/contract/essayVersionsContract.ts';

describe('the essay key', () => {
  it('names a college planner prompt by its id, with or without the coach', () => {
    for (const key of ['prompt-3f9a0c1d2e4b5a6c', 'coach-prompt-3f9a0c1d2e4b5a6c', `coach-prompt-${'a'.repeat(27)}`]) {
      expect(essayKeySchema.safeParse(key).success, key).toBe(true);
    }
  });

  it('keeps the personal statement and the supplemental keys', () => {
    for (const key of ['personal', 'coach-personal', 'supplemental-0123456789abcdef', 'coach-supplemental-0123456789abcdef']) {
      expect(essayKeySchema.safeParse(key).success, key).toBe(true);
    }
  });

  it('refuses a prompt key that is empty, too long for the shares table, or holds other characters', () => {
    for (const key of ['prompt-', `coach-prompt-${'a'.repeat(28)}`, 'prompt-a/b', 'prompt-a b', 'prompt-é', 'coach-coach-prompt-a', 'prompt-a\n']) {
      expect(essayKeySchema.safeParse(key).success, JSON.stringify(key)).toBe(false);
    }
  });
});
