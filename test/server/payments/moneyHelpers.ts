// The money calls a browser makes, as one-liners for the integrity suites: Upgrade, a discounted or credits
// checkout, the local checkout's Pay and Cancel, and reading what the database holds.
import type { App } from '../../../src/server/app.ts';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { TEST_ORIGIN } from '../helper.ts';
import { localIdFrom, post } from './paymentsApp.ts';

/** The Upgrade button's form, posted from the app's own page. */
export const upgrade = (app: App, cookie: string) => app.inject({
  method: 'POST', url: '/api/checkout/upgrade', payload: '',
  headers: { origin: TEST_ORIGIN, cookie, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
});

export const issueCode = async (app: App, cookie: string, email = 'maya@example.com') =>
  (await app.inject(post('/api/discount-codes', cookie, { email }))).json<{ code: string }>().code;

export const discounted = (app: App, cookie: string, code: string) =>
  app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));

export const withCredits = (app: App, cookie: string, cents: number) =>
  app.inject(post('/api/referrals/apply-credits', cookie, { credits_to_use: cents }));

/** As the page's HTML form sends it: an empty urlencoded body. */
export const pay = (app: App, checkoutUrl: string, cookie: string) => app.inject({
  method: 'POST', url: `/checkout/local/${localIdFrom(checkoutUrl)}/pay`, payload: '',
  headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
});

export const checkoutPage = (app: App, checkoutUrl: string) => app.inject({ method: 'GET', url: new URL(checkoutUrl).pathname });

/** Follows the test checkout's "Cancel and go back" link, as the browser would. */
export async function cancel(app: App, checkoutUrl: string, cookie: string) {
  const page = await checkoutPage(app, checkoutUrl);
  const href = /<a href="([^"]+)">Cancel and go back<\/a>/.exec(page.body)?.[1]?.replaceAll('&#38;', '&') ?? '';
  return app.inject({ method: 'GET', url: new URL(href).pathname + new URL(href).search, headers: { cookie } });
}

export const balanceOf = async (database: DatabaseHandle, uid: string) =>
  database.db.selectFrom('referral_accounts').select(['credits_cents', 'owed_cents']).where('uid', '=', uid).executeTakeFirstOrThrow();

export const giveCredits = async (app: App, database: DatabaseHandle, uid: string, cookie: string, cents: number) => {
  await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie } });
  await database.db.updateTable('referral_accounts').set({ credits_cents: cents }).where('uid', '=', uid).execute();
};

export const payableCheckouts = (database: DatabaseHandle, uid: string) =>
  database.db.selectFrom('checkout_sessions').selectAll().where('uid', '=', uid).where('status', 'in', ['pending', 'open']).execute();
