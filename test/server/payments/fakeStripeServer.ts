// A local fake of the parts of Stripe's HTTP API the adapter calls (create, retrieve and expire a Checkout
// Session, create a refund), so the real `stripe` SDK is tested over real HTTP. stripe-mock is not available here.
// With `hostedPages`, it also serves a bare payment page per session (GET /c/pay/:id, a Pay button that
// completes it and redirects to its success URL), for journeys in a real browser. Free of Vitest: Playwright
// runs it too.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
}

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  sessions: Map<string, FakeSession>;
  /** Every create request's form fields, in order. */
  creates: URLSearchParams[];
  /** Every refund request as received (a replay with a known idempotency key is answered, not refunded again). */
  refundCalls: Array<{ paymentIntent: string; idempotencyKey: string }>;
  /** The refunds actually made, one per idempotency key. */
  refunds: Map<string, { id: string; payment_intent: string }>;
  /** The card is charged: the session completes and is paid. */
  pay(id: string): FakeSession;
  /** Makes the next requests fail by closing the connection (a network error). */
  failNetwork(on: boolean): void;
  /** Makes the next requests wait forever: read, never answered (a Stripe that hangs). */
  hang(on: boolean): void;
  /** Requests received while hanging. */
  readonly hungRequests: number;
}

const read = (request: IncomingMessage): Promise<string> => new Promise((resolve) => {
  let body = '';
  request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  request.on('end', () => resolve(body));
});

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
};

const missing = (id: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'` } });

export interface FakeStripeOptions {
  /** Serve the hosted payment pages here, and give sessions their address on this server. */
  hostedPages?: boolean;
}

const payPage = (session: FakeSession) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>Amount due: $${(session.amount_total / 100).toFixed(0)}</p>
<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay with the fake card</button></form>
<a href="${session.cancel_url}">Cancel</a></main></body></html>`;

export async function createFakeStripeServer(options: FakeStripeOptions = {}): Promise<{ fake: FakeStripe; close: () => Promise<void> }> {
  const sessions = new Map<string, FakeSession>();
  const creates: URLSearchParams[] = [];
  const byIdempotencyKey = new Map<string, FakeSession>();
  const refundCalls: FakeStripe['refundCalls'] = [];
  const refunds: FakeStripe['refunds'] = new Map();
  let networkDown = false;
  let hanging = false;
  let hungRequests = 0;

  const server = createServer(async (request, response) => {
    if (networkDown) {
      request.socket.destroy();
      return;
    }
    if (hanging) {
      hungRequests += 1;
      return;
    }
    const body = new URLSearchParams(await read(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const hosted = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (options.hostedPages && hosted) return hostedPage(request.method ?? 'GET', decodeURIComponent(hosted[1] ?? ''), response);
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const replay = byIdempotencyKey.get(key);
      if (replay) return send(response, 200, replay);
      creates.push(body);
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id, object: 'checkout.session', url: `${hostedBase()}/c/pay/${id}`, status: 'open', payment_status: 'unpaid',
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]')), currency: body.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: body.get('client_reference_id'), success_url: body.get('success_url') ?? '',
        cancel_url: body.get('cancel_url') ?? '', expires_at: Number(body.get('expires_at')),
        metadata: { checkout_id: body.get('metadata[checkout_id]') ?? '' }, payment_intent: null,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, session);
      return send(response, 200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const paymentIntent = body.get('payment_intent') ?? '';
      refundCalls.push({ paymentIntent, idempotencyKey: key });
      const known = key ? refunds.get(key) : undefined;
      if (known) return send(response, 200, { ...known, object: 'refund', status: 'succeeded' });
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, payment_intent: paymentIntent };
      refunds.set(key || refund.id, refund);
      return send(response, 200, { ...refund, object: 'refund', status: 'succeeded' });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !session) return send(response, 404, missing(match?.[1] ?? path));
    if (request.method === 'POST' && match[2]) {
      if (session.status !== 'open') return send(response, 400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } });
      Object.assign(session, { status: 'expired', url: null });
    }
    return send(response, 200, session);
  });
  const hostedBase = () => (options.hostedPages ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : 'https://checkout.stripe.test');
  const pay = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe has no session ${id}`);
    return Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: `pi_${randomBytes(8).toString('hex')}` });
  };
  function hostedPage(method: string, id: string, response: ServerResponse) {
    const session = sessions.get(id);
    if (!session || session.status !== 'open') {
      response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Expired</title><h1>This checkout session is no longer available</h1>');
    }
    if (method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(payPage(session));
    }
    pay(id);
    response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) });
    return response.end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

  const fake: FakeStripe = {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    sessions,
    creates,
    refundCalls,
    refunds,
    pay,
    failNetwork(on) { networkDown = on; },
    hang(on) { hanging = on; },
    get hungRequests() { return hungRequests; },
  };
  return { fake, close };
}
