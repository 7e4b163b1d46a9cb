import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/api/endpoints.ts';
import { ApiError, isRetryable } from '../../src/api/errors.ts';

afterEach(() => {
  vi.doUnmock('../../src/api/eventStream.ts');
  vi.resetModules();
});

describe('streamEssay', () => {
  it('fails as an unreachable server, to be retried, when the stream reader cannot be fetched', async () => {
    vi.doMock('../../src/api/eventStream.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { streamEssay } = await import('../../src/api/streamEssay.ts');
    const call = streamEssay(endpoints.generateEssay, { body: {} as never, onText: () => undefined });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    const failure = await call.then(() => null, (error: ApiError) => error.toValue());
    expect(failure).toEqual({ status: 0, code: 'network', message: 'Could not reach the server.' });
    expect(isRetryable(failure!)).toBe(true);
  });

  it('hands the call to the reader once fetched', async () => {
    const answer = { essay: 'An essay.' };
    const read = vi.fn(async () => answer);
    vi.doMock('../../src/api/eventStream.ts', () => ({ streamEssay: read }));
    const { streamEssay } = await import('../../src/api/streamEssay.ts');
    const options = { body: {} as never, onText: () => undefined };
    await expect(streamEssay(endpoints.generateEssay, options)).resolves.toBe(answer);
    expect(read).toHaveBeenCalledWith(endpoints.generateEssay, options);
  });
});
