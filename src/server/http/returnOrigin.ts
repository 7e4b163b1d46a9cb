// Where a checkout sends the browser back to: the app's own origin the student is using. With PUBLIC_URL set
// that is always PUBLIC_URL; with it unset, whichever loopback spelling (localhost, 127.0.0.1, [::1]) the
// request came through, so the thank-you page opens where the session cookie is. Only one of the app's own
// origins is ever returned: an Origin or Host header naming anything else gets PUBLIC_URL's origin.
import type { FastifyRequest } from 'fastify';
import type { CheckoutDeps } from '../payments/startCheckout.ts';

export type ReturnOrigin = (request: FastifyRequest) => string;

export function createReturnOrigin(ownOrigins: readonly string[]): ReturnOrigin {
  const own = new Set(ownOrigins);
  const fallback = ownOrigins[0] ?? '';
  return (request) => {
    const { origin, host } = request.headers;
    // A fetch names its page's origin; a request without one (not from a browser) only the address it was sent to.
    const candidate = origin ?? (host === undefined ? undefined : `${request.protocol}://${host}`);
    return candidate !== undefined && own.has(candidate) ? candidate : fallback;
  };
}

/** What the routes that start a checkout need: the checkout service and how to find the request's origin. */
export interface PaymentRouteDeps {
  checkout: CheckoutDeps;
  returnOrigin: ReturnOrigin;
}

/** The checkout dependencies with their return origin set to the one this request came through. */
export function returningTo({ checkout, returnOrigin }: PaymentRouteDeps, request: FastifyRequest): CheckoutDeps {
  return { ...checkout, publicUrl: returnOrigin(request) };
}
