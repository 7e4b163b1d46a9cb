// What one call is: method, path, the contract's schemas (by name) and its retry/timeout policy. Its own module
// so the endpoint tables (endpoints.ts and the feature tables it spreads in) can all use defineEndpoint without
// a cycle.
import type { z } from 'zod';
import type { ContractModule, SchemaName } from './contractSchemas.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint<
  Response extends SchemaName = SchemaName,
  Request extends SchemaName | undefined = SchemaName | undefined,
> = {
  method: HttpMethod;
  path: string;
  /** The contract's schema every answer is checked against. */
  response: Response;
  /** The contract's schema for the body: typing only, the server checks it. */
  request?: Request;
  /**
   * How many times a transient failure (network, timeout, 502–504) is retried with backoff.
   * Default: 2 for GET, 0 otherwise: a POST that timed out may already have taken effect.
   */
  retries?: number;
  /** Give up after this long: a student on flaky Wi-Fi should not wait on a hung request forever. */
  timeoutMs?: number;
  /**
   * A write the device may send again: each call carries an Idempotency-Key (the caller's, to reuse one across
   * its own retries, or a new one), so a retry of a write that took is answered its success and applied once.
   */
  idempotent?: boolean;
};

export type ResponseOf<E extends Endpoint> = z.output<ContractModule[E['response']]>;
export type BodyOf<E extends Endpoint> = E extends Endpoint<SchemaName, infer Request>
  ? Request extends SchemaName ? z.input<ContractModule[Request]> : undefined
  : never;

/** Types one row of an endpoints table (keeps each row's own request and response schema names). */
export const defineEndpoint = <Response extends SchemaName, Request extends SchemaName | undefined = undefined>(
  endpoint: Endpoint<Response, Request>,
) => endpoint;
