// The streamed essay call as the features make it. The event-stream reader (eventStream.ts) is fetched with the
// first generation rather than with every page: only the essay pages stream, and only while an essay is written.
// If that code cannot be fetched (offline before the app was installed), the call fails as it does when the
// server cannot be reached, and the page offers the same retry.
import { ApiError } from './errors.ts';
import type { streamEssay as streamEssayNow } from './eventStream.ts';

export const streamEssay: typeof streamEssayNow = async (endpoint, options) => {
  const reader = await import('./eventStream.ts').catch(() => {
    throw new ApiError({ status: 0, code: 'network', message: 'Could not reach the server.' });
  });
  return reader.streamEssay(endpoint, options);
};
