// "Download my data" holds only what is this browser's, even where two browsers touch: one referred the
// other, both asked for a launch code with the same address, and one paid (and verified) the checkout the
// other started. Each export shows that these happened and their state, never the other's uid, e-mail,
// code or checkout.
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { myDataExportSchema } from '../../../src/common/contract/contract.ts';
import { testDatabases } from '../databases.ts';
import { startSession, TEST_ORIGIN } from '../helper.ts';
import { buildPaymentsApp, localIdFrom, post, sessionIdFrom } from '../payments/paymentsApp.ts';

const SHARED_EMAIL = 'family@example.com';

async function exportOf(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, body: myDataExportSchema.parse(response.json()) };
}

describe.each(testDatabases)('each export holds only its own browser’s data on $name', (target) => {
  it('a referral, a shared address and a checkout paid by the other browser show in both, the other’s identifiers in neither', async () => {
    const { app, database } = await buildPaymentsApp(target, { recordEvents: true });
    const maya = await startSession(app);
    const theo = await startSession(app);
    const mayaCode = (await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie: maya.cookie } }))
      .json<{ referral_code: string }>().referral_code;
    const tracked = await app.inject(post('/api/referrals/track', theo.cookie, { referral_code: mayaCode, referee_email: 'theo@example.com', referee_name: 'Theo' }));
    expect(tracked.json()).toEqual({ tracked: true });
    const codes: Record<string, string> = {};
    for (const [name, browser] of [['maya', maya], ['theo', theo]] as const) {
      const issued = await app.inject(post('/api/discount-codes', browser.cookie, { email: SHARED_EMAIL }));
      expect(issued.statusCode, issued.body).toBe(200);
      codes[name] = issued.json<{ code: string }>().code;
    }
    // Theo starts a checkout; Maya presses Pay on it and verifies it.
    const started = await app.inject({
      method: 'POST', url: '/api/checkout/upgrade', payload: '',
      headers: { accept: 'text/html', cookie: theo.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const paid = await app.inject({
      method: 'POST', url: `/checkout/local/${localIdFrom(String(started.headers.location))}/pay`, payload: '',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: maya.cookie },
    });
    const sessionId = sessionIdFrom(String(paid.headers.location));
    const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${encodeURIComponent(sessionId)}`, headers: { cookie: maya.cookie } });
    expect(verified.statusCode, verified.body).toBe(200);
    const checkout = await database.db.selectFrom('checkout_sessions').selectAll().where('uid', '=', theo.uid).executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ status: 'paid', completed_by: maya.uid });
    expect(await database.db.selectFrom('referrals').select('converted_at').where('referee_uid', '=', theo.uid).executeTakeFirstOrThrow())
      .toEqual({ converted_at: expect.any(Date) });

    const mine = await exportOf(app, maya.cookie);
    const theirs = await exportOf(app, theo.cookie);
    const theoIds = [theo.uid, 'theo@example.com', codes.theo!, checkout.id, checkout.provider_session_id!, checkout.payment_intent!];
    for (const id of theoIds) expect(mine.text, `Maya's export holds ${id}`).not.toContain(id);
    for (const id of [maya.uid, codes.maya!, mayaCode]) expect(theirs.text, `Theo's export holds ${id}`).not.toContain(id);

    // What each does see: the referral and its state, its own code with the address it gave, the checkout.
    expect(mine.body.tables.referrals).toEqual([expect.objectContaining({ role: 'referrer', converted_at: expect.any(String), reward_cents: expect.any(Number) })]);
    expect(theirs.body.tables.referrals).toEqual([expect.objectContaining({ role: 'referred', referee_email: 'theo@example.com', checkout_id: checkout.id })]);
    expect(mine.body.tables.discount_codes).toEqual([expect.objectContaining({ code: codes.maya, email: SHARED_EMAIL })]);
    expect(theirs.body.tables.discount_codes).toEqual([expect.objectContaining({ code: codes.theo, email: SHARED_EMAIL })]);
    expect(mine.body.tables.checkout_sessions).toEqual([expect.objectContaining({ role: 'paid_for_another_browser', status: 'paid' })]);
    expect(theirs.body.tables.checkout_sessions).toEqual([expect.objectContaining({ id: checkout.id, completed_by_another_browser: true })]);
    expect(theirs.text).not.toContain('"completed_by"');
    expect(mine.body.tables.entitlements).toEqual([expect.objectContaining({ plan: 'paid' })]);
  });
});
