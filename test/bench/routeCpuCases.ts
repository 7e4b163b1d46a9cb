// For every route the app registers, the request at its largest allowed input, as the CPU bench (routeCpu.ts)
// sends it: built afresh before each measured request (a new browser where the request changes what it
// reads), so only the request itself is measured. routeBudgets.test.ts checks that every route the app
// registers has a case here (the stages' own in routeCpuStageCases.ts), or names the bench that measures it.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { EVENTS_BATCH_MAX } from '../../src/common/contract/contract.ts';
import { versionSize, versionsWithin } from '../../src/common/essay/versionPruning.ts';
import { ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_REQUEST, ESSAY_VERSIONS_REQUEST_BYTES } from '../../src/common/limits/limits.ts';
import { TEST_ADMIN_TOKEN, TEST_ORIGIN } from '../server/helper.ts';
import { fill } from '../server/hostile/hostileText.ts';
import type { Prepared } from '../server/hostile/httpClient.ts';
import { type BrowserShape, drain } from '../server/hostile/largeBrowser.ts';
import { largestBodies, maximalDocument } from '../server/hostile/largestBodies.ts';
import { stageCases } from './routeCpuStageCases.ts';

export const METRICS_TOKEN = 'bench-metrics-token-0123456789';
export const WEBHOOK_SECRET = 'whsec_benchsecret0123456789';

/** What a case may ask of the server before its request: browsers, and the largest ones the budgets allow. */
export interface CaseContext {
  base: string;
  /** A new browser's cookie (the paid plan granted when asked). */
  session(plan?: 'paid'): Promise<string>;
  /**
   * A browser holding the most the budgets allow (its versions at their total, a day's events), seeded once:
   * one to read, another to write to (whose day of storage the writes spend).
   */
  largestBrowser(purpose?: 'read' | 'write'): Promise<string>;
  /** A new browser seeded to `shape` (for a request that changes what it holds). */
  seeded(shape: BrowserShape): Promise<string>;
  /** A new browser's cookie and uid. */
  student(): Promise<{ cookie: string; uid: string }>;
  /** Runs the default export of `module` on the server's database with `args` (data no route reaches in a day). */
  seed<T>(module: string, args: unknown): Promise<T>;
}

export interface RouteCase {
  /** The route's label as the budget table shows it: `GET /api/whoami`. */
  route: string;
  /** What the request sends, in words (beside the figure the route declares). */
  input: string;
  prepare(context: CaseContext): Promise<Prepared>;
  /** Measured against a server with Stripe configured (the webhook), not the local checkout's. */
  stripe?: true;
}

/** Routes whose figure another bench measures, at the data it needs (a million events). */
export const MEASURED_ELSEWHERE: Record<string, string> = {
  'GET /api/admin/funnel': 'admin', 'GET /api/admin/trends': 'admin', 'GET /api/admin/revenue': 'admin',
  'GET /api/admin/usage': 'admin', 'GET /api/admin/feedback': 'admin', 'GET /api/admin/support': 'admin',
  'GET /api/admin/export/events.csv': 'admin', 'GET /api/admin/export/feedback.csv': 'admin',
};

export interface Send { cookie?: string; body?: unknown; headers?: Record<string, string> }

function request(base: string, method: string, path: string, { cookie, body, headers = {} }: Send = {}): Prepared {
  const all: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers };
  if (body === undefined) return { url: `${base}${path}`, init: { method, headers: all, redirect: 'manual' } };
  all['content-type'] ??= 'application/json';
  return { url: `${base}${path}`, init: { method, headers: all, body: typeof body === 'string' ? body : JSON.stringify(body), redirect: 'manual' } };
}

async function ok(prepared: Prepared): Promise<Response> {
  const response = await fetch(prepared.url, prepared.init);
  if (response.status >= 400) throw new Error(`${prepared.init.method} ${prepared.url} answered ${response.status}: ${await response.text()}`);
  return response;
}

const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(185)}.edu`;
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const bodyOf = (url: string, piece = '😀'): string => {
  const found = largestBodies([piece]).find((entry) => entry.route.url === url);
  if (!found) throw new Error(`no largest body for ${url}`);
  return found.body;
};

/** A discount code handed to the browser of `cookie`. */
async function ownCode(base: string, cookie: string): Promise<string> {
  const answer = await ok(request(base, 'POST', '/api/discount-codes', { cookie, body: { email: LONGEST_EMAIL } }));
  return ((await answer.json()) as { code: string }).code;
}

/** A browser holding the largest document, at revision 1. */
async function withLargestDocument(base: string, cookie: string): Promise<void> {
  await drain(await ok(request(base, 'PUT', '/api/forms/me', { cookie, body: { document: maximalDocument('😀'), baseRevision: 0 } })));
}

/** An open test checkout of a new browser: its provider session id and our checkout id. */
async function openCheckout(context: CaseContext): Promise<{ cookie: string; session: string; checkout: string }> {
  const cookie = await context.session();
  const started = await ok(request(context.base, 'POST', '/api/checkout/upgrade', { cookie }));
  const session = (started.headers.get('location') ?? '').split('/').at(-1) ?? '';
  const page = await (await ok(request(context.base, 'GET', `/checkout/local/${session}`, { cookie }))).text();
  const checkout = /checkout_id=(co_[A-Za-z0-9_-]+)/.exec(page)?.[1];
  if (!session || !checkout) throw new Error('the test checkout did not start');
  return { cookie, session, checkout };
}

/** Versions of the longest text, as many as one request carries, new ids each time: a device catching up. */
export function largestBatch(): Array<{ id: string; essayKey: string; kind: 'edited'; at: string; text: string }> {
  const text = fill('😀', ESSAY_VERSION_MAX_CHARS);
  const fits = versionsWithin(Array.from({ length: ESSAY_VERSIONS_PER_REQUEST }, () => versionSize(text)), ESSAY_VERSIONS_REQUEST_BYTES);
  return Array.from({ length: fits }, (_, n) => ({
    id: `cpu-${randomBytes(8).toString('hex')}-${n}`, essayKey: 'personal', kind: 'edited', at: new Date(Date.UTC(2026, 0, 2, 0, n)).toISOString(), text,
  }));
}

export function routeCases(): RouteCase[] {
  return [
    { route: 'GET /api/health', input: 'none', prepare: async ({ base }) => request(base, 'GET', '/api/health') },
    { route: 'GET /api/ready', input: 'none', prepare: async ({ base }) => request(base, 'GET', '/api/ready') },
    { route: 'GET /', input: 'the landing page', prepare: async ({ base }) => request(base, 'GET', '/') },
    { route: 'GET, HEAD /*', input: 'the app shell for a frame path', prepare: async ({ base }) => request(base, 'GET', '/form') },
    {
      route: 'GET /metrics', input: 'every counter, after the other cases',
      prepare: async ({ base }) => request(base, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    },
    { route: 'POST /api/session', input: 'a new session', prepare: async ({ base }) => request(base, 'POST', '/api/session') },
    { route: 'DELETE /api/session', input: 'none', prepare: async (context) => request(context.base, 'DELETE', '/api/session', { cookie: await context.session() }) },
    {
      route: 'PUT /api/session/shared', input: 'a boolean',
      prepare: async (context) => request(context.base, 'PUT', '/api/session/shared', { cookie: await context.session(), body: { shared: true } }),
    },
    { route: 'GET /api/whoami', input: 'none', prepare: async (context) => request(context.base, 'GET', '/api/whoami', { cookie: await context.session() }) },
    {
      route: 'GET /api/forms/me', input: 'the largest document (256 KB of emoji)',
      prepare: async (context) => {
        const cookie = await context.session();
        await withLargestDocument(context.base, cookie);
        return request(context.base, 'GET', '/api/forms/me', { cookie });
      },
    },
    {
      route: 'PUT /api/forms/me', input: 'the largest document replacing one as large',
      prepare: async (context) => {
        const cookie = await context.session();
        await withLargestDocument(context.base, cookie);
        return request(context.base, 'PUT', '/api/forms/me', { cookie, body: { document: maximalDocument('é'), baseRevision: 1 } });
      },
    },
    {
      route: 'DELETE /api/forms/me', input: 'the largest document emptied',
      prepare: async (context) => {
        const cookie = await context.session();
        await withLargestDocument(context.base, cookie);
        return request(context.base, 'DELETE', '/api/forms/me', { cookie });
      },
    },
    {
      route: 'GET /api/essay-versions', input: 'the first page of a browser whose versions are at their total, every text 20,000 emoji',
      prepare: async (context) => request(context.base, 'GET', '/api/essay-versions?since=0', { cookie: await context.largestBrowser() }),
    },
    {
      route: 'POST /api/essay-versions', input: `${largestBatch().length} versions of 20,000 emoji (a request's bytes) into a browser at its total (pruned)`,
      prepare: async (context) => request(context.base, 'POST', '/api/essay-versions', {
        cookie: await context.largestBrowser('write'), body: { versions: largestBatch() },
      }),
    },
    {
      route: 'GET /api/my-data', input: 'the largest browser the budgets allow',
      prepare: async (context) => request(context.base, 'GET', '/api/my-data', { cookie: await context.largestBrowser() }),
    },
    {
      route: 'DELETE /api/my-data', input: 'a browser with its versions at their total and 2,000 events',
      prepare: async (context) => {
        const cookie = await context.seeded({ essays: 1, perEssay: 30, events: 2000 });
        return request(context.base, 'DELETE', '/api/my-data', { cookie, body: { confirm: true } });
      },
    },
    {
      route: 'POST /api/events', input: `${EVENTS_BATCH_MAX} events of 300 emoji, the body at 128 KB`,
      prepare: async (context) => request(context.base, 'POST', '/api/events', {
        cookie: await context.session(),
        body: { events: Array.from({ length: EVENTS_BATCH_MAX }, () => ({ name: 'page_viewed', timestamp: new Date().toISOString(), params: { page_path: fill('😀', 300) } })) },
      }),
    },
    {
      route: 'POST /api/feedback/submit', input: 'every text at its limit',
      prepare: async (context) => request(context.base, 'POST', '/api/feedback/submit', {
        cookie: await context.session(),
        body: { type: 'bug', rating: 5, message: fill('😀', 5000), email: LONGEST_EMAIL, page: fill('é', 200), url: `https://x.example/${'a'.repeat(1900)}`, user_agent: fill('é', 1000) },
      }),
    },
    ...(['/api/topic-suggestions', '/api/supplemental-essay', '/api/coach/review', '/api/coach/questions'] as const).map((url) => ({
      route: `POST ${url}`, input: 'the largest body of the contract, every text of emoji',
      prepare: async (context: CaseContext) => request(context.base, 'POST', url, {
        cookie: await context.session(),
        body: url === '/api/coach/questions' ? bodyOf('/api/coach/review') : bodyOf(url),
      }),
    })),
    {
      route: 'POST /api/followup-questions', input: 'the largest document, prompt and idea',
      prepare: async (context) => {
        const essay = JSON.parse(bodyOf('/api/generate-essay', 'I learned to listen. ')) as Record<string, unknown>;
        return request(context.base, 'POST', '/api/followup-questions', {
          cookie: await context.session(), body: { formData: essay.formData, selectedPrompt: essay.selectedPrompt, selectedIdea: essay.selectedIdea },
        });
      },
    },
    {
      route: 'POST /api/generate-essay', input: 'the largest document, prompt, idea and answers',
      prepare: async (context) => request(context.base, 'POST', '/api/generate-essay', {
        cookie: await context.session('paid'), body: bodyOf('/api/generate-essay', 'I learned to listen. '),
      }),
    },
    { route: 'GET /api/coach/status', input: 'none', prepare: async (context) => request(context.base, 'GET', '/api/coach/status', { cookie: await context.session() }) },
    {
      route: 'POST /api/discount-codes', input: 'the longest e-mail',
      prepare: async (context) => request(context.base, 'POST', '/api/discount-codes', { cookie: await context.session(), body: { email: LONGEST_EMAIL } }),
    },
    {
      route: 'POST /api/validate-discount', input: 'the browser\'s own code and the longest e-mail',
      prepare: async (context) => {
        const cookie = await context.session();
        return request(context.base, 'POST', '/api/validate-discount', { cookie, body: { code: await ownCode(context.base, cookie), user_email: LONGEST_EMAIL } });
      },
    },
    {
      route: 'POST /api/create-discounted-checkout', input: 'the browser\'s own code and the longest e-mail',
      prepare: async (context) => {
        const cookie = await context.session();
        return request(context.base, 'POST', '/api/create-discounted-checkout', { cookie, body: { code: await ownCode(context.base, cookie), user_email: LONGEST_EMAIL } });
      },
    },
    {
      route: 'GET /api/referrals/info', input: 'a new browser: its account made',
      prepare: async (context) => request(context.base, 'GET', '/api/referrals/info', { cookie: await context.session() }),
    },
    {
      route: 'POST /api/referrals/track', input: 'another browser\'s code, the longest e-mail and name',
      prepare: async (context) => {
        const referrer = await context.session();
        const { referral_code: code } = (await (await ok(request(context.base, 'GET', '/api/referrals/info', { cookie: referrer }))).json()) as { referral_code: string };
        return request(context.base, 'POST', '/api/referrals/track', {
          cookie: await context.session(), body: { referral_code: code, referee_email: LONGEST_EMAIL, referee_name: fill('😀', 300) },
        });
      },
    },
    {
      route: 'POST /api/referrals/apply-credits', input: 'the longest e-mail, no credits',
      prepare: async (context) => request(context.base, 'POST', '/api/referrals/apply-credits', {
        cookie: await context.session(), body: { user_email: LONGEST_EMAIL, credits_to_use: 0 },
      }),
    },
    {
      route: 'POST /api/checkout/upgrade', input: 'none: a checkout started',
      prepare: async (context) => request(context.base, 'POST', '/api/checkout/upgrade', { cookie: await context.session() }),
    },
    {
      route: 'GET /api/checkout/upgrade', input: 'an old link, as a page',
      prepare: async (context) => request(context.base, 'GET', '/api/checkout/upgrade', { cookie: await context.session(), headers: { accept: 'text/html' } }),
    },
    {
      route: 'GET /checkout/local/:id', input: 'an open checkout\'s page',
      prepare: async (context) => {
        const { cookie, session } = await openCheckout(context);
        return request(context.base, 'GET', `/checkout/local/${session}`, { cookie });
      },
    },
    {
      route: 'POST /checkout/local/:id/pay', input: 'an open checkout paid',
      prepare: async (context) => {
        const { cookie, session } = await openCheckout(context);
        return request(context.base, 'POST', `/checkout/local/${session}/pay`, { cookie });
      },
    },
    {
      route: 'GET /api/checkout/cancel', input: 'an open checkout closed',
      prepare: async (context) => {
        const { cookie, checkout } = await openCheckout(context);
        return request(context.base, 'GET', `/api/checkout/cancel?checkout_id=${checkout}`, { cookie });
      },
    },
    {
      route: 'GET /api/verify-session', input: 'a paid checkout, the plan granted',
      prepare: async (context) => {
        const { cookie, session } = await openCheckout(context);
        await drain(await ok(request(context.base, 'POST', `/checkout/local/${session}/pay`, { cookie })));
        return request(context.base, 'GET', `/api/verify-session?session_id=${session}`, { cookie });
      },
    },
    { route: 'GET /api/admin-status', input: 'none', prepare: async ({ base }) => request(base, 'GET', '/api/admin-status') },
    {
      route: 'POST /api/admin/entitlements', input: 'a grant with the longest reason',
      prepare: async ({ base }) => {
        const { uid } = (await (await ok(request(base, 'POST', '/api/session'))).json()) as { uid: string };
        return request(base, 'POST', '/api/admin/entitlements', { headers: admin, body: { uid, plan: 'paid', reason: fill('é', 500) } });
      },
    },
    {
      route: 'POST /api/stripe/webhook', input: 'a signed event of 1 MB (an unknown session completed)', stripe: true,
      prepare: async ({ base }) => {
        const id = randomBytes(8).toString('hex');
        const event = {
          id: `evt_${id}`, object: 'event', type: 'checkout.session.completed',
          data: { object: { id: `cs_${id}`, object: 'checkout.session', payment_status: 'paid', payment_intent: null, metadata: { padding: 'x'.repeat(Number(process.env.WEBHOOK_PAD ?? 1_000_000)) } } },
        };
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        return request(base, 'POST', '/api/stripe/webhook', { body: payload, headers: { 'stripe-signature': signature } });
      },
    },
    ...stageCases(request, ok),
  ];
}
