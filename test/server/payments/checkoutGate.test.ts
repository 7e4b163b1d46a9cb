// Every kind of checkout, paid after it closed in every way a checkout closes, through every way a payment
// reaches the server (the gate's own list of them): the payment stands, spending what it paid for, when the
// plan is not held yet and its credits or code are still to be had; otherwise it is refunded once and grants
// nothing. Repeated and concurrent deliveries settle it once. Run on Stripe (the local fake) and on the test
// checkout, on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { type CheckoutRow, closeCheckouts, insertCheckout, openCheckout } from '../../../src/server/db/checkoutSessions.ts';
import { takeCredits } from '../../../src/server/db/referrals.ts';
import { completeCheckout, FULFILMENT_PATHS, type FulfilmentPath } from '../../../src/server/payments/checkoutGate.ts';
import { giveBack } from '../../../src/server/payments/fulfilment.ts';
import { startCheckout } from '../../../src/server/payments/startCheckout.ts';
import { sweepAbandoned } from '../../../src/server/payments/sweeper.ts';
import { testDatabases } from '../databases.ts';
import { setPlan, startSession } from '../helper.ts';
import { CHECKOUT_MINUTES_PASSED, type GateWorld, nextEventId, useLocalWorld, useStripeWorld } from './gateHarness.ts';
import { discounted, giveCredits, issueCode, pay, upgrade, withCredits } from './moneyHelpers.ts';
import { completed, deliver, verify } from './stripeHelpers.ts';

type Kind = 'plan' | 'discount' | 'credits';
type Closed = 'replaced' | 'canceled' | 'expired' | 'swept';
/** 'available': nothing took what the checkout reserved; 'taken': the plan, its code or its credits went elsewhere. */
type Variant = 'available' | 'taken';

const KINDS: Kind[] = ['plan', 'discount', 'credits'];
const CLOSED: Closed[] = ['replaced', 'canceled', 'expired', 'swept'];
const VARIANTS: Variant[] = ['available', 'taken'];
/** Every browser starts with these credits; a credits checkout uses 500 of them. */
const CREDITS_GIVEN = 800;
const KIND_CREDITS = 500;

interface Browser { uid: string; cookie: string }

const urlOf = (response: { headers: Record<string, unknown>; json: () => unknown }): string =>
  typeof response.headers.location === 'string' ? response.headers.location : (response.json() as { checkout_url: string }).checkout_url;
const sessionOf = (url: string) => url.split('/').at(-1) ?? '';

async function checkoutOf(world: GateWorld, sessionId: string): Promise<CheckoutRow> {
  return world.database.db.selectFrom('checkout_sessions').selectAll().where('provider_session_id', '=', sessionId).executeTakeFirstOrThrow();
}

async function planOf(world: GateWorld, uid: string): Promise<string> {
  const row = await world.database.db.selectFrom('entitlements').select('plan').where('uid', '=', uid).executeTakeFirst();
  return row?.plan ?? 'free';
}

async function start(world: GateWorld, browser: Browser, kind: Kind): Promise<string> {
  if (kind === 'plan') return urlOf(await upgrade(world.app, browser.cookie));
  if (kind === 'discount') return urlOf(await discounted(world.app, browser.cookie, await issueCode(world.app, browser.cookie)));
  return urlOf(await withCredits(world.app, browser.cookie, KIND_CREDITS));
}

/** Another checkout of the same browser takes what this kind reserved (for a plan: the plan is bought). */
async function takeAway(world: GateWorld, browser: Browser, kind: Kind): Promise<void> {
  if (kind === 'plan') await world.payInFull(urlOf(await upgrade(world.app, browser.cookie)), browser.cookie);
  // Upgrade applies the browser's own code: the newer checkout holds it.
  else if (kind === 'discount') await upgrade(world.app, browser.cookie);
  else await withCredits(world.app, browser.cookie, CREDITS_GIVEN - KIND_CREDITS + 100);
}

/** Closes the checkout the way `closed` names; then, for 'taken', what it reserved goes elsewhere. */
async function close(world: GateWorld, browser: Browser, kind: Kind, closed: Closed, variant: Variant, checkoutId: string): Promise<void> {
  if (closed === 'replaced') {
    // A newer checkout replaces it: for 'taken', one that takes what it held. Upgrade again would hand back
    // this very checkout (same price, same code), so a plan or a code is taken by a credits checkout first.
    if (variant === 'taken' && kind === 'credits') return takeAway(world, browser, kind);
    const newer = urlOf(await (kind === 'credits' ? upgrade(world.app, browser.cookie) : withCredits(world.app, browser.cookie, 300)));
    if (variant === 'taken' && kind === 'plan') await world.payInFull(newer, browser.cookie);
    if (variant === 'taken' && kind === 'discount') await upgrade(world.app, browser.cookie);
    return undefined;
  }
  if (closed === 'canceled') {
    await world.app.inject({ method: 'GET', url: `/api/checkout/cancel?checkout_id=${checkoutId}`, headers: { cookie: browser.cookie } });
  } else {
    world.advance(CHECKOUT_MINUTES_PASSED);
    // Past its 30 minutes: the browser's next look at its money releases it, or the sweeper does.
    if (closed === 'expired') await world.app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie: browser.cookie } });
    else await sweepAbandoned(world.deps());
  }
  if (variant === 'taken') await takeAway(world, browser, kind);
  return undefined;
}

interface Path {
  world: 'stripe' | 'local';
  /** The closed states a payment can reach the gate in by this path. */
  closed: readonly Closed[];
  /** Closes the checkout (as `close` does) and delivers its payment by this path; answers what stood before it landed. */
  pay(world: GateWorld, browser: Browser, sessionId: string, shut: () => Promise<void>): Promise<string>;
  /** Delivers the same payment again by this path. */
  again(world: GateWorld, browser: Browser, sessionId: string): Promise<void>;
}

const deliverPaid = async (world: GateWorld, sessionId: string) => {
  const session = world.fake?.sessions.get(sessionId);
  if (!session) throw new Error(`no fake session ${sessionId}`);
  if (session.payment_status !== 'paid') world.fake?.pay(sessionId);
  return session;
};

/** Each way a payment reaches the gate, driven from outside as it happens: the gate's list must match. */
const PATHS = {
  webhook: {
    world: 'stripe', closed: CLOSED,
    async pay(world, browser, sessionId, shut) {
      await shut();
      const planBefore = await planOf(world, browser.uid);
      // Paid at Stripe in the moment it closed here (Stripe's page was still open): its webhook comes late.
      expect((await deliver(world.app, completed(nextEventId(), await deliverPaid(world, sessionId)))).statusCode).toBe(200);
      return planBefore;
    },
    async again(world, _browser, sessionId) {
      await deliver(world.app, completed(nextEventId(), await deliverPaid(world, sessionId)));
    },
  },
  verify_session: {
    world: 'stripe', closed: CLOSED,
    async pay(world, browser, sessionId, shut) {
      await shut();
      const planBefore = await planOf(world, browser.uid);
      await deliverPaid(world, sessionId);
      // The student is back on /thank-you before the webhook: the page asks Stripe.
      expect((await verify(world.app, sessionId, browser.cookie)).statusCode).toBe(200);
      return planBefore;
    },
    async again(world, browser, sessionId) {
      await verify(world.app, sessionId, browser.cookie);
    },
  },
  sweeper: {
    // The sweeper settles the checkouts it closes itself: paid at Stripe, their webhook not come yet.
    world: 'stripe', closed: ['swept'],
    async pay(world, browser, sessionId) {
      await deliverPaid(world, sessionId);
      const planBefore = await planOf(world, browser.uid);
      world.advance(CHECKOUT_MINUTES_PASSED);
      expect((await sweepAbandoned(world.deps())).closed).toBe(1);
      return planBefore;
    },
    async again(world) {
      await sweepAbandoned(world.deps());
    },
  },
  local_checkout: {
    // Pay marks the test checkout's session paid, then settles it: the checkout closes in between. (A swept
    // one whose session was paid is settled by the sweeper itself: the sweeper's path.)
    world: 'local', closed: ['replaced', 'canceled', 'expired'],
    async pay(world, browser, sessionId, shut) {
      let planBefore = '';
      world.duringNextPay(async () => {
        await shut();
        planBefore = await planOf(world, browser.uid);
      });
      const paid = await pay(world.app, `/checkout/local/${sessionId}`, browser.cookie);
      expect(paid.statusCode).toBe(303);
      return planBefore;
    },
    async again(world, browser, sessionId) {
      await pay(world.app, `/checkout/local/${sessionId}`, browser.cookie);
      await verify(world.app, sessionId, browser.cookie);
    },
  },
  // A price credits cover wholly has no provider to pay: its start calls the gate itself (the last test below).
  credits: undefined,
} satisfies Record<FulfilmentPath, Path | undefined>;

/** What the browser's money adds up to: credits never spent twice, a code used by one purchase at most. */
async function assertMoneyAddsUp(world: GateWorld, browser: Browser): Promise<void> {
  const { db } = world.database;
  const balance = await db.selectFrom('referral_accounts').select('credits_cents').where('uid', '=', browser.uid).executeTakeFirstOrThrow();
  const checkouts = await db.selectFrom('checkout_sessions').selectAll().where('uid', '=', browser.uid).execute();
  const held = (statuses: string[]) => checkouts.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.credits_cents, 0);
  expect(balance.credits_cents + held(['paid', 'pending', 'open'])).toBe(CREDITS_GIVEN);
  const codes = await db.selectFrom('discount_codes').select(['code', 'used_by']).where('uid', '=', browser.uid).execute();
  for (const code of codes) {
    const paidWith = checkouts.filter((row) => row.status === 'paid' && row.discount_code === code.code).map((row) => row.id);
    expect(paidWith.length).toBeLessThanOrEqual(1);
    expect(code.used_by).toBe(paidWith[0] ?? null);
  }
}

async function refundsOf(world: GateWorld, checkout: CheckoutRow): Promise<number> {
  if (world.fake) return [...world.fake.refunds.values()].filter((refund) => refund.payment_intent === checkout.payment_intent).length;
  return checkout.refund_id === null ? 0 : 1;
}

const expectedRefusal = (kind: Kind, pathName: FulfilmentPath) => {
  if (kind === 'plan' || pathName === 'sweeper') return 'already_paid';
  return kind === 'discount' ? 'code_used' : 'credits_used';
};

async function assertSettled(world: GateWorld, browser: Browser, sessionId: string, expected: { variant: Variant; refusal: string; planBefore: string }) {
  const checkout = await checkoutOf(world, sessionId);
  if (expected.variant === 'available') {
    expect(checkout).toMatchObject({ status: 'paid', refund_reason: null });
    expect(await planOf(world, browser.uid)).toBe('paid');
    expect(await refundsOf(world, checkout)).toBe(0);
  } else {
    expect(checkout).toMatchObject({ status: 'refunded', refund_reason: expected.refusal });
    expect(await planOf(world, browser.uid)).toBe(expected.planBefore);
    expect(await refundsOf(world, checkout)).toBe(1);
  }
  const purchases = world.events.filter((event) => event.name === 'purchase' && event.params.transaction_id === sessionId);
  expect(purchases).toHaveLength(expected.variant === 'available' ? 1 : 0);
  await assertMoneyAddsUp(world, browser);
}

const cells = (world: 'stripe' | 'local') => Object.entries(PATHS).flatMap(([name, path]) => (path?.world !== world ? [] : KINDS.flatMap((kind) =>
  path.closed.flatMap((closed) => VARIANTS.map((variant) => ({ name: name as FulfilmentPath, path, kind, closed, variant }))))));

function enumerate(world: () => GateWorld, provider: 'stripe' | 'local') {
  it.each(cells(provider))('$name: a $kind checkout $closed, then paid ($variant)', async ({ name, path, kind, closed, variant }) => {
    const current = world();
    const browser = await startSession(current.app);
    await giveCredits(current.app, current.database, browser.uid, browser.cookie, CREDITS_GIVEN);
    const sessionId = sessionOf(await start(current, browser, kind));
    const { id } = await checkoutOf(current, sessionId);
    const shut = () => close(current, browser, kind, closed, variant, id);
    if (name === 'sweeper' && variant === 'taken') await setPlan(current.app, browser.uid, 'paid');
    const planBefore = await path.pay(current, browser, sessionId, shut);
    const expected = { variant, refusal: expectedRefusal(kind, name), planBefore };
    await assertSettled(current, browser, sessionId, expected);
    // The same payment again, by its own path and by the webhook or return page: nothing changes.
    await path.again(current, browser, sessionId);
    await assertSettled(current, browser, sessionId, expected);
  });
}

describe('the gate’s list of payment paths', () => {
  it('is the list this enumeration drives, so a new path cannot go untested', () => {
    expect(Object.keys(PATHS).sort()).toEqual([...FULFILMENT_PATHS].sort());
  });
});

describe.each(testDatabases)('a checkout paid after it closed, on Stripe, on $name', (target) => {
  const world = useStripeWorld(target);
  enumerate(world, 'stripe');

  it('credits closed by a later Upgrade, applied again, then the first checkout’s late webhook: refunded, 500 of 500 spent at most', async () => {
    const current = world();
    const browser = await startSession(current.app);
    await giveCredits(current.app, current.database, browser.uid, browser.cookie, KIND_CREDITS);
    const first = sessionOf(urlOf(await withCredits(current.app, browser.cookie, KIND_CREDITS)));
    await upgrade(current.app, browser.cookie);
    const again = urlOf(await withCredits(current.app, browser.cookie, KIND_CREDITS));
    await deliver(current.app, completed(nextEventId(), await deliverPaid(current, first)));
    const refunded = await checkoutOf(current, first);
    expect(refunded).toMatchObject({ status: 'refunded', refund_reason: 'credits_used' });
    expect(await refundsOf(current, refunded)).toBe(1);
    expect(await planOf(current, browser.uid)).toBe('free');
    // The newer checkout is cancelled: its 500 come back, and no purchase spent any.
    const { id } = await checkoutOf(current, sessionOf(again));
    await current.app.inject({ method: 'GET', url: `/api/checkout/cancel?checkout_id=${id}`, headers: { cookie: browser.cookie } });
    const balance = await current.database.db.selectFrom('referral_accounts').select('credits_cents').where('uid', '=', browser.uid).executeTakeFirstOrThrow();
    expect(balance.credits_cents).toBe(KIND_CREDITS);
  });

  it('concurrent completions of one closed checkout (webhooks, the return page, the sweeper) settle it once', async () => {
    const current = world();
    for (const variant of VARIANTS) {
      const browser = await startSession(current.app);
      await giveCredits(current.app, current.database, browser.uid, browser.cookie, CREDITS_GIVEN);
      const sessionId = sessionOf(await start(current, browser, 'credits'));
      const { id } = await checkoutOf(current, sessionId);
      await close(current, browser, 'credits', 'replaced', variant, id);
      const session = await deliverPaid(current, sessionId);
      const deps = current.deps();
      await Promise.all([
        deliver(current.app, completed(nextEventId(), session)),
        deliver(current.app, completed(nextEventId(), session)),
        verify(current.app, sessionId, browser.cookie),
        completeCheckout(deps, sessionId, { paymentIntent: session.payment_intent, completedBy: null, source: 'webhook' }),
        completeCheckout(deps, sessionId, { paymentIntent: session.payment_intent, completedBy: null, source: 'sweeper' }),
      ]);
      await assertSettled(current, browser, sessionId, { variant, refusal: 'credits_used', planBefore: 'free' });
    }
  });
});

describe.each(testDatabases)('a checkout paid after it closed, on the test checkout, on $name', (target) => {
  const world = useLocalWorld(target);
  enumerate(world, 'local');

  // A price credits cover wholly is settled at once, by the gate itself, when its start has opened it: a
  // concurrent start of the same browser (another instance) may close it in between.
  it.each(['replaced', 'canceled', 'expired'] as const)('credits: a checkout credits cover wholly, %s before it settles', async (closed) => {
    const current = world();
    for (const variant of VARIANTS) {
      const browser = await startSession(current.app);
      await giveCredits(current.app, current.database, browser.uid, browser.cookie, CREDITS_GIVEN);
      const { db } = current.database;
      const deps = current.deps();
      const id = `co_wholly${variant}`;
      const now = deps.clock();
      await insertCheckout(db, {
        id, provider: 'credits', uid: browser.uid, amount_cents: 0, discount_code: null, credits_cents: CREDITS_GIVEN,
        created_at: now, expires_at: new Date(now.getTime() + 30 * 60_000),
      });
      expect(await takeCredits(db, browser.uid, CREDITS_GIVEN)).toBe(true);
      await openCheckout(db, id, { sessionId: id, url: null });
      // Closed as a start, a Cancel or an expiry closes it: its credits come back.
      await db.transaction().execute(async (trx) => giveBack(trx,
        await closeCheckouts(trx, { id }, { status: closed === 'expired' ? 'expired' : 'canceled', reason: closed })));
      // 'taken': a newer checkout holds 400 of the credits, so the 800 this one used are no longer there.
      if (variant === 'taken') await withCredits(current.app, browser.cookie, 400);
      await completeCheckout(deps, id, { paymentIntent: null, completedBy: null, source: 'credits' });
      await completeCheckout(deps, id, { paymentIntent: null, completedBy: null, source: 'credits' });
      const checkout = await checkoutOf(current, id);
      expect(checkout.status).toBe(variant === 'available' ? 'paid' : 'refunded');
      if (variant === 'taken') expect(checkout).toMatchObject({ refund_reason: 'credits_used', refund_id: 'none' });
      expect(await planOf(current, browser.uid)).toBe(variant === 'available' ? 'paid' : 'free');
      await assertMoneyAddsUp(current, browser);
    }
  });
  it('credits: a start whose checkout another instance replaced before it opened answers 409 and grants nothing', async () => {
    const current = world();
    const browser = await startSession(current.app);
    await giveCredits(current.app, current.database, browser.uid, browser.cookie, 5000);
    await withCredits(current.app, browser.cookie, 100);
    const deps = current.deps();
    const { db } = current.database;
    // Expiring the replaced checkout's session is the moment another instance's start closes the new one.
    const payments = { ...deps.payments, expireSession: async (id: string) => {
      await deps.payments.expireSession(id);
      await db.transaction().execute(async (trx) => giveBack(trx,
        await closeCheckouts(trx, { uid: browser.uid }, { status: 'canceled', reason: 'replaced' })));
    } };
    await expect(startCheckout({ ...deps, payments }, { uid: browser.uid, amountCents: 0, discountCode: null, creditsCents: 4900 }))
      .rejects.toMatchObject({ statusCode: 409, code: 'checkout_replaced' });
    expect(await planOf(current, browser.uid)).toBe('free');
    expect((await db.selectFrom('referral_accounts').select('credits_cents').where('uid', '=', browser.uid).executeTakeFirstOrThrow()).credits_cents).toBe(5000);
  });
});
