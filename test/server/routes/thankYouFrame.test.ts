// /thank-you is sent with the frame of the page's answer when the server's own records already have it, and
// with its plain frame ('Finalizing your purchase…') in every other case, through the real app over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { testDatabases } from '../databases.ts';
import { startSession } from '../helper.ts';
import { pay, upgrade } from '../payments/moneyHelpers.ts';
import { buildPaymentsApp, sessionIdFrom } from '../payments/paymentsApp.ts';
import { tempDir } from '../tempDir.ts';

/** What the build writes for /thank-you: its plain frame and one variant per answer the server can know. */
function staticFixture(): string {
  const dir = tempDir('essay-thank-you-');
  const page = (title: string) => `<!doctype html><html><body><div id="root" data-frame=""><h1>${title}</h1></div></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('Landing'));
  writeFileSync(join(dir, 'app.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'thank-you.html'), page('Finalizing your purchase…'));
  writeFileSync(join(dir, 'thank-you.ok.html'), page('All set!'));
  writeFileSync(join(dir, 'thank-you.already_paid.html'), page('You already have the full plan; this payment was refunded'));
  writeFileSync(join(dir, 'thank-you.code_used.html'), page('This payment was refunded'));
  return dir;
}

const FINALIZING = '<h1>Finalizing your purchase…</h1>';
const ALL_SET = '<h1>All set!</h1>';

const open = (app: App, url: string, cookie?: string) => app.inject({
  method: 'GET', url, headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) },
});

/** A student who paid on the test checkout: their cookie and the address the checkout sent them back to. */
async function paidStudent(app: App) {
  const student = await startSession(app);
  const checkoutUrl = String((await upgrade(app, student.cookie)).headers.location);
  const back = String((await pay(app, checkoutUrl, student.cookie)).headers.location);
  return { ...student, thankYou: `/thank-you?session_id=${encodeURIComponent(sessionIdFrom(back))}`, sessionId: sessionIdFrom(back) };
}

const setCheckout = (database: DatabaseHandle, sessionId: string, values: { status: 'refunded'; refund_reason: 'code_used' | 'provider' }) => (
  database.db.updateTable('checkout_sessions').set(values).where('provider_session_id', '=', sessionId).execute()
);

describe.each(testDatabases)('the frame /thank-you is sent with, on $name', (target) => {
  it('is the confirmed page for the browser whose checkout is recorded paid, kept out of shared caches', async () => {
    const { app } = await buildPaymentsApp(target, { env: { STATIC_DIR: staticFixture() } });
    const student = await paidStudent(app);
    const answer = await open(app, student.thankYou, student.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(ALL_SET);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toMatch(/cookie/i);
    // However the address is spelled.
    expect((await open(app, student.thankYou.replace('/thank-you', '/Thank-You/'), student.cookie)).body).toContain(ALL_SET);
  });

  it('is the plain frame for anyone else: no session, another browser, a checkout not paid, a malformed id', async () => {
    const { app, database } = await buildPaymentsApp(target, { env: { STATIC_DIR: staticFixture() } });
    const student = await paidStudent(app);
    const stranger = await startSession(app);
    expect((await open(app, student.thankYou)).body).toContain(FINALIZING);
    expect((await open(app, student.thankYou, stranger.cookie)).body).toContain(FINALIZING);

    const unpaid = await startSession(app);
    await upgrade(app, unpaid.cookie);
    const open_ = await database.db.selectFrom('checkout_sessions').select('provider_session_id')
      .where('uid', '=', unpaid.uid).executeTakeFirstOrThrow();
    expect((await open(app, `/thank-you?session_id=${open_.provider_session_id ?? ''}`, unpaid.cookie)).body).toContain(FINALIZING);

    for (const query of ['', '?session_id=', `?session_id=${'x'.repeat(301)}`, `?session_id=${student.sessionId}&session_id=${student.sessionId}`]) {
      const answer = await open(app, `/thank-you${query}`, student.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(FINALIZING);
    }
  });

  it('says why for a payment we refunded ourselves, and nothing for one the provider refunded', async () => {
    const { app, database } = await buildPaymentsApp(target, { env: { STATIC_DIR: staticFixture() } });
    const student = await paidStudent(app);
    await setCheckout(database, student.sessionId, { status: 'refunded', refund_reason: 'code_used' });
    expect((await open(app, student.thankYou, student.cookie)).body).toContain('<h1>This payment was refunded</h1>');
    await setCheckout(database, student.sessionId, { status: 'refunded', refund_reason: 'provider' });
    expect((await open(app, student.thankYou, student.cookie)).body).toContain(FINALIZING);
  });

  it('never sends a variant by its own file name', async () => {
    const { app } = await buildPaymentsApp(target, { env: { STATIC_DIR: staticFixture() } });
    for (const url of ['/thank-you.ok.html', '/THANK-YOU.OK.HTML', '/%74hank-you.ok.html']) {
      const answer = await open(app, url);
      expect(answer.body).not.toContain(ALL_SET);
    }
  });

  it('counts its lookup against the network’s API calls: out of them, the plain frame', async () => {
    const { app } = await buildPaymentsApp(target, { env: { STATIC_DIR: staticFixture(), RATE_LIMIT_MAX: '3' } });
    // The session and Upgrade leave one API call of the three (Pay is a page of the test checkout, not the API).
    const student = await paidStudent(app);
    expect((await open(app, student.thankYou, student.cookie)).body).toContain(ALL_SET);
    expect((await open(app, student.thankYou, student.cookie)).body).toContain(FINALIZING);
    expect((await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: student.cookie } })).statusCode).toBe(429);
  });
});
