// The header naming one logical write a device may send again (the questionnaire, essay versions, analytics
// batches): a UUID the device makes for the write and sends again with each retry of it. Its own module, so the
// page's client names it without loading the contract (checked in a worker, src/api/contractCheck.ts).
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The same key in the query string, for a request that cannot carry a header (navigator.sendBeacon). */
export const IDEMPOTENCY_KEY_PARAM = 'idempotencyKey';
