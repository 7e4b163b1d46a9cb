import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../src/common/contract.ts');
  vi.resetModules();
});

describe('loadContract', () => {
  it('loads the contract once and answers the same module to every caller', async () => {
    const { loadContract } = await import('../../src/api/contractSchemas.ts');
    const [first, second] = await Promise.all([loadContract(), loadContract()]);
    expect(first).toBe(second);
    expect(first.errorBodySchema.safeParse({ error: 'No.', code: 'no' }).success).toBe(true);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    vi.doMock('../../src/common/contract.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { loadContract } = await import('../../src/api/contractSchemas.ts');
    await expect(loadContract()).rejects.toThrow();
    vi.doUnmock('../../src/common/contract.ts');
    const contract = await loadContract();
    expect(contract.whoamiResponseSchema.safeParse({ plan: 'paid' }).success).toBe(true);
  });
});
