// The API layer's public face: one client, one error type, one table of endpoints.
import type { streamEssay as streamEssayNow } from './eventStream.ts';

export { apiRequest } from './client.ts';
export { loadContract } from './contractSchemas.ts';
export type { RequestOptions } from './client.ts';
export { ApiError, isRetryable, isTransient, toApiErrorValue } from './errors.ts';
export type { ApiErrorValue } from './errors.ts';
export { endpoints } from './endpoints.ts';
export type { BodyOf, Endpoint, ResponseOf } from './endpoints.ts';
export type { StreamEssayOptions } from './eventStream.ts';
export { UPGRADE_PATH } from './paymentEndpoints.ts';
export { downloadBlob } from './download.ts';

/**
 * The streamed essay call. Its code (the event-stream reader) is fetched with the first generation, not with
 * every page: only the essay pages stream, and only when an essay is being written.
 */
export const streamEssay: typeof streamEssayNow = async (endpoint, options) =>
  (await import('./eventStream.ts')).streamEssay(endpoint, options);
