// The API layer's public face: one client, one error type, one table of endpoints.
export { apiRequest } from './client.ts';
export { newIdempotencyKey } from './idempotencyKey.ts';
export { checkAgainst } from './contractCheck.ts';
export { deviceSignedOut, endDeviceSession, handOverDevice, whenSignedOut } from './signedOut.ts';
export type { RequestOptions } from './client.ts';
export { ApiError, isRetryable, isTransient, mayHaveTaken, toApiErrorValue } from './errors.ts';
export type { ApiErrorValue } from './errors.ts';
export { endpoints } from './endpoints.ts';
export type { BodyOf, Endpoint, ResponseOf } from './endpoints.ts';
export { streamEssay } from './streamEssay.ts';
export type { StreamEssayOptions } from './eventStream.ts';
export { UPGRADE_PATH } from './paymentEndpoints.ts';
export { downloadBlob } from './download.ts';
