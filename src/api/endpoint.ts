// What one call is: method, path, the contract's schemas and its retry/timeout policy. Its own module so the
// endpoint tables (endpoints.ts and the feature tables it spreads in) can all use defineEndpoint without a cycle.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint<
  Response extends z.ZodType = z.ZodType,
  Request extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  response: Response;
  request?: Request;
  /**
   * How many times a transient failure (network, timeout, 502–504) is retried with backoff.
   * Default: 2 for GET, 0 otherwise: a POST that timed out may already have taken effect.
   */
  retries?: number;
  /** Give up after this long: a student on flaky Wi-Fi should not wait on a hung request forever. */
  timeoutMs?: number;
};

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
export type BodyOf<E extends Endpoint> = E extends Endpoint<z.ZodType, infer Request>
  ? Request extends z.ZodType ? z.input<Request> : undefined
  : never;

/** Types one row of an endpoints table (keeps each row's own request and response schemas). */
export const defineEndpoint = <Response extends z.ZodType, Request extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<Response, Request>,
) => endpoint;
