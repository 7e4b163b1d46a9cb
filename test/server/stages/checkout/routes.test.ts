import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import { testDatabases } from '../../databases.ts';
import { setPlan, startSession, TEST_ORIGIN } from '../../helper.ts';
import { createLocalCheckout } from '../../../../src/server/payments/localCheckout.ts';
import { buildPaymentsApp, localIdFrom, sessionIdFrom, usePaymentsApp } from '../../payments/paymentsApp.ts';

// As the Upgrade button's form sends it from the app's own page: an empty urlencoded body, with its Origin.
const upgrade = (app: App, cookie?: string, accept = 'text/html') => app.inject({
  method: 'POST', url: '/api/checkout/upgrade', payload: '',
  headers: { accept, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
});

// As the page's HTML form sends it: an empty urlencoded body.
const pay = (app: App, id: string, cookie?: string) => app.inject({
  method: 'POST', url: `/checkout/local/${id}/pay`, payload: '',
  headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
});

const verify = (app: App, sessionId: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/verify-session?session_id=${encodeURIComponent(sessionId)}`, headers: cookie ? { cookie } : {} });

const whoami = async (app: App, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).json<{ plan: string }>().plan;

/** Upgrade → local checkout → Pay, as one browser: answers the session id /thank-you receives. */
async function buyFullPrice(app: App, cookie: string): Promise<string> {
  const started = await upgrade(app, cookie);
  const paid = await pay(app, localIdFrom(String(started.headers.location)), cookie);
  return sessionIdFrom(String(paid.headers.location));
}

describe.each(testDatabases)('checkout and verification on $name', (target) => {
  const paymentsApp = usePaymentsApp(target);
  it('Upgrade opens a full-price local checkout bound to the browser, and reuses it while open', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const first = await upgrade(app, cookie);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^http:\/\/localhost:8080\/checkout\/local\/cs_local_/);
    expect((await upgrade(app, cookie)).headers.location).toBe(first.headers.location);

    const page = await app.inject({ method: 'GET', url: new URL(String(first.headers.location)).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no card is charged');
    expect(page.body).toContain('$49');
    expect(page.body).toMatch(/<button type="submit">Pay \$49 \(test\)<\/button>/);
    expect(page.body).toContain('Cancel and go back');
    expect(page.headers['content-security-policy']).toMatch(/style-src 'sha256-/);
  });

  it('gives a browser without a session one on its way to the checkout', async () => {
    const { app } = paymentsApp();
    const response = await upgrade(app);
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=/);
  });

  it('paying redirects to /thank-you, grants the plan, and verify-session answers the purchase', async () => {
    const { app, events } = paymentsApp();
    const { cookie } = await startSession(app);
    const started = await upgrade(app, cookie);
    const paid = await pay(app, localIdFrom(String(started.headers.location)), cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/localhost:8080\/thank-you\?session_id=cs_local_/);
    expect(await whoami(app, cookie)).toBe('paid');
    const sessionId = sessionIdFrom(String(paid.headers.location));
    const verified = await verify(app, sessionId, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ plan: 'paid', transaction_id: sessionId, value: 49, currency: 'USD', discount_applied: false });
    expect(events.filter((event) => event.name === 'purchase')).toEqual([
      { name: 'purchase', uid: expect.any(String), source: 'local_checkout', params: { transaction_id: sessionId, value: 49, currency: 'USD', discount_applied: false } },
    ]);
  });

  it('tells a paid browser it already has access instead of opening a checkout', async () => {
    const { app } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    await setPlan(app, uid, 'paid');
    const page = await upgrade(app, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You already have full access');
    const json = await upgrade(app, cookie, 'application/json');
    expect(json.statusCode).toBe(409);
    expect(json.json()).toEqual({ error: 'This browser already has full access: there is nothing to pay.', code: 'already_paid' });
  });

  it('refuses a leaked session id in another browser, which stays free', async () => {
    const { app } = paymentsApp();
    const buyer = await startSession(app);
    const sessionId = await buyFullPrice(app, buyer.cookie);
    const stranger = await startSession(app);
    const response = await verify(app, sessionId, stranger.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'session_not_yours' });
    expect(await whoami(app, stranger.cookie)).toBe('free');
    expect((await verify(app, sessionId)).statusCode).toBe(401);
  });

  it('activates the browser that pressed Pay on a checkout another browser started (and no third one)', async () => {
    const { app } = paymentsApp();
    const starter = await startSession(app);
    const payer = await startSession(app);
    const started = await upgrade(app, starter.cookie);
    const paid = await pay(app, localIdFrom(String(started.headers.location)), payer.cookie);
    const sessionId = sessionIdFrom(String(paid.headers.location));
    expect((await verify(app, sessionId, payer.cookie)).statusCode).toBe(200);
    expect(await whoami(app, payer.cookie)).toBe('paid');
    expect(await whoami(app, starter.cookie)).toBe('paid');
    expect((await verify(app, sessionId, (await startSession(app)).cookie)).statusCode).toBe(403);
  });

  it('answers 402 for an unpaid session, 404 for a forged one and 400 for bad input', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const started = await upgrade(app, cookie);
    const unpaid = await verify(app, localIdFrom(String(started.headers.location)), cookie);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({ error: 'This checkout has not been paid.', code: 'payment_incomplete' });
    const forged = await verify(app, 'cs_local_forgedforgedforged', cookie);
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ code: 'session_not_found' });
    for (const url of ['/api/verify-session', '/api/verify-session?session_id=', `/api/verify-session?session_id=${'x'.repeat(400)}`]) {
      const bad = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/session_id/);
    }
  });

  it('expires a checkout after 30 minutes: it can no longer be paid, and Upgrade opens a new one', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildPaymentsApp(target, { clock: () => new Date(now) });
    const { cookie } = await startSession(app);
    const first = String((await upgrade(app, cookie)).headers.location);
    now += 30 * 60_000 + 1000;
    const page = await app.inject({ method: 'GET', url: new URL(first).pathname });
    expect(page.statusCode).toBe(410);
    expect((await pay(app, localIdFrom(first), cookie)).statusCode).toBe(410);
    const second = String((await upgrade(app, cookie)).headers.location);
    expect(second).not.toBe(first);
  });

  it('refuses a Pay button pressed from another site', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const id = localIdFrom(String((await upgrade(app, cookie)).headers.location));
    const response = await app.inject({ method: 'POST', url: `/checkout/local/${id}/pay`, headers: { origin: 'https://evil.example', cookie } });
    expect(response.statusCode).toBe(403);
    expect(await whoami(app, cookie)).toBe('free');
  });

  it('50 concurrent verify-session calls for one paid session grant exactly one entitlement and one purchase', async () => {
    const { app, database, events } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const started = await upgrade(app, cookie);
    const id = localIdFrom(String(started.headers.location));
    // Paid on the provider's side only, as when the webhook has not arrived yet: verify-session completes it.
    await database.db.updateTable('local_checkout_sessions').set({ status: 'complete', payment_status: 'paid', payment_intent: 'pi_x' }).execute();
    const responses = await Promise.all(Array.from({ length: 50 }, () => verify(app, id, cookie)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const rows = await database.db.selectFrom('entitlements').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ uid, plan: 'paid', source: 'purchase' })]);
    expect(events.filter((event) => event.name === 'purchase')).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'verify_session' });
  });

  it('a double press of Pay charges once', async () => {
    const { app, events } = paymentsApp();
    const { cookie } = await startSession(app);
    const id = localIdFrom(String((await upgrade(app, cookie)).headers.location));
    const [first, second] = await Promise.all([pay(app, id, cookie), pay(app, id, cookie)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([303, 303]);
    expect(events.filter((event) => event.name === 'purchase')).toHaveLength(1);
  });

  it('a second press that finds the plan granted by the first press of the same checkout lands on the thank-you page', async () => {
    // The moment between the presses, made still: the first press has marked this checkout's session paid and
    // the plan is granted, while the second press still reads the checkout as open.
    const { app, database, config } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const id = localIdFrom(String((await upgrade(app, cookie)).headers.location));
    const local = createLocalCheckout({ db: database.db, publicUrl: config.publicUrl, clock: () => new Date() });
    expect(await local.pay(id)).not.toBeNull();
    expect((await setPlan(app, uid, 'paid')).statusCode).toBe(200);
    const second = await pay(app, id, cookie);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(`/thank-you?session_id=${id}`);
  });

  it('answers 400 for a malformed local checkout id', async () => {
    const { app } = paymentsApp();
    const response = await app.inject({ method: 'GET', url: '/checkout/local/not-an-id' });
    expect(response.statusCode).toBe(400);
  });
});
