// Purchase journeys on the default configuration (the local test checkout), from /result as a student meets
// it: the free notice and the checkout panel where the essay would be. The integrity journeys: one payable
// checkout per browser (an older tab's checkout is replaced), Cancel that gives the code back at once, and
// every Upgrade control charging the price the page shows. With Stripe (its API faked locally, on a server of
// the journey's own): a payment for an already-paid browser is refunded and /thank-you says so.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createFakeStripeServer } from '../server/payments/fakeStripeServer.ts';
import { expectEssayGenerated, openHeaderMenu, press } from './essayFlow.ts';
import { ownServer } from './support/ownServer.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';
import { E2E_ADMIN_TOKEN } from './support/serverEnv.ts';

// The purchases run at a phone's width too. The error without a session id is a heading and a line of text in
// the thank-you page's layout, which phoneLayout.spec.ts checks on a phone after a payment: the laptop proves it.
test.describe('payments', () => {
  test('/thank-you without a session id shows the error at once', async ({ page }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { name: 'We couldn’t verify your payment' })).toBeVisible();
    await expect(page.getByText('Please refresh this page or contact support.')).toBeVisible();
  });

  // From a free student at /result, seeded: what is tested is the purchase, not the questionnaire.
  test.describe('@mobile', () => {
    test.use({ seed: 'freeResult' });

    test('a free student at /result upgrades in a new tab, pays on the test checkout, and the first tab turns Paid and writes the essay', async ({ page, context }) => {
      test.setTimeout(120_000);
      await arriveAt(page, 'freeResult');
      const header = page.getByRole('banner');
      const panel = page.getByRole('region', { name: 'Get full access' });
      // Upgrade starts a checkout, so it posts a form (to a new tab) rather than being a link any site could copy.
      const upgrade = panel.getByRole('button', { name: /Upgrade/ });
      await expect(upgrade.locator('xpath=ancestor::form[1]')).toHaveAttribute('target', '_blank');
      await expect(upgrade.locator('xpath=ancestor::form[1]')).toHaveAttribute('method', 'post');
      const [checkout] = await Promise.all([context.waitForEvent('page'), press(upgrade)]);
      await expect(checkout.getByText(/no card is charged/)).toBeVisible();
      await expect(checkout.getByText('$49', { exact: false }).first()).toBeVisible();
      expect((await new AxeBuilder({ page: checkout }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
      // /thank-you is the same page for every visitor: the page itself asks the server whether the payment went through.
      await checkout.getByRole('button', { name: /Pay/ }).click();
      await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_local_/);
      await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
      await expect(checkout.getByText('Your access has been activated on this browser.')).toBeVisible();
      await expect(checkout.getByRole('link', { name: 'Start Writing' })).toHaveAttribute('href', '/form');

      // Back in the first tab: coming back to it refetches the plan.
      await page.bringToFront();
      await page.evaluate(() => {
        window.dispatchEvent(new Event('focus'));
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect(header.getByText('Paid', { exact: true })).toBeVisible();
      await expect(header.getByRole('button', { name: /Upgrade/ })).toHaveCount(0);
      await expect(panel).toHaveCount(0);
      await expectEssayGenerated(page);
    });

    test('a student gets a code from the landing popup, applies it at /result, pays $29, is Paid and gets the essay', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      // One e-mail per project: a code is per e-mail and single-use, and the projects run side by side.
      const email = `maya.${testInfo.project.name}@example.com`;
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Save More Than 40%' });
      // The pre-rendered button comes alive once the page hydrates, just after the first paint, and the popup's
      // chunk loads on the first click. Click again only while no dialog is open: once it is, its backdrop
      // covers the button and a second click would wait for the test's whole timeout.
      await expect(async () => {
        if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Save More Than 40% - Get Deal' }).first().click({ timeout: 2000 });
        await expect(dialog).toBeVisible({ timeout: 3000 });
      }).toPass();
      expect(await page.evaluate(() => sessionStorage.getItem('landing_page_discount_shown'))).toBe('true');
      await dialog.getByLabel('Your e-mail').fill(email);
      await dialog.getByRole('button', { name: 'Get My Code' }).click();
      const code = (await dialog.getByText(/^LAUNCH2024-[A-Z0-9]{6}$/).textContent()) ?? '';
      expect(code).toMatch(/^LAUNCH2024-[A-Z0-9]{6}$/);

      await arriveAt(page, 'freeResult');
      const panel = page.getByRole('region', { name: 'Get full access' });
      const field = panel.getByLabel('Discount code');
      // The code this browser received is filled in and applied by itself (a code this browser holds is reused for 30 days).
      await expect(field).toHaveValue(code);
      await expect(panel.getByRole('button', { name: 'Applied' })).toBeDisabled();
      await expect(panel.getByText('$29', { exact: false }).first()).toBeVisible();

      await press(panel.getByRole('button', { name: 'Pay $29 with your code' }));
      await expect(page.getByText(/no card is charged/)).toBeVisible();
      await page.getByRole('button', { name: 'Pay $29 (test)' }).click();
      await expect(page).toHaveURL(/\/thank-you\?session_id=cs_local_/);
      await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
      await page.getByRole('link', { name: 'Start Writing' }).click();
      await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();

      // The questionnaire and follow-up answers are still this browser's: /result writes the essay now.
      await page.goto('/result');
      await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
      await expectEssayGenerated(page);
    });
  });
});

/** At /result: asks the promo popup for a code and applies it in the checkout panel. */
async function getAndApplyCode(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Get full access' });
  await press(panel.getByRole('button', { name: 'Save More Than 40%' }));
  const dialog = page.getByRole('dialog', { name: 'Save More Than 40%' });
  await expect(dialog.getByText(/works in this browser only/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Get My Code' }).click();
  await expect(dialog.getByText(/works in this browser only/)).toBeVisible();
  const code = (await dialog.getByText(/^LAUNCH2024-[A-Z0-9]{6}$/).textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await panel.getByLabel('Discount code').fill(code);
  await press(panel.getByRole('button', { name: 'Apply' }));
  await expect(panel.getByRole('button', { name: 'Applied' })).toBeDisabled();
  return code;
}

// Which checkout can still be paid and what a code charges are the server's rules, the same at any width.
test.describe('payment integrity', () => {
  test.use({ seed: 'freeResult' });

  test('an older tab’s checkout, replaced by a newer one, can no longer be paid, and the plan is bought once', async ({ page, context }) => {
    test.setTimeout(120_000);
    await arriveAt(page, 'freeResult');
    const panel = page.getByRole('region', { name: 'Get full access' });
    const [older] = await Promise.all([context.waitForEvent('page'), press(panel.getByRole('button', { name: /Upgrade for \$49/ }))]);
    await expect(older.getByRole('button', { name: 'Pay $49 (test)' })).toBeVisible();

    await getAndApplyCode(page);
    await press(panel.getByRole('button', { name: 'Pay $29 with your code' }));
    await expect(page.getByRole('button', { name: 'Pay $29 (test)' })).toBeVisible();

    await older.getByRole('button', { name: 'Pay $49 (test)' }).click();
    await expect(older.getByRole('heading', { name: 'This checkout can no longer be paid' })).toBeVisible();
    await expect(older.getByText(/A newer checkout was started in this browser/)).toBeVisible();

    await page.getByRole('button', { name: 'Pay $29 (test)' }).click();
    await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
    // The older tab, reloaded, still cannot take a second payment.
    await older.reload();
    await expect(older.getByRole('heading', { name: 'This checkout can no longer be paid' })).toBeVisible();
    await page.goto('/result');
    await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
  });

  test('with a code applied the header’s Upgrade charges $29; Cancel returns to /result and the code applies again at once', async ({ page, context }) => {
    test.setTimeout(120_000);
    await arriveAt(page, 'freeResult');
    const code = await getAndApplyCode(page);
    const panel = page.getByRole('region', { name: 'Get full access' });
    await expect(panel.getByText('$29', { exact: false }).first()).toBeVisible();

    const header = page.getByRole('banner');
    await openHeaderMenu(page);
    const [checkout] = await Promise.all([context.waitForEvent('page'), press(header.getByRole('button', { name: /Upgrade/ }))]);
    await expect(checkout.getByRole('button', { name: 'Pay $29 (test)' })).toBeVisible();
    await expect(checkout.getByText(`Launch code ${code} applied: $49 less $20.`)).toBeVisible();
    await checkout.close();

    await press(panel.getByRole('button', { name: 'Pay $29 with your code' }));
    await expect(page.getByRole('button', { name: 'Pay $29 (test)' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(/\/result\?checkout=cancelled$/);
    await expect(panel.getByLabel('Discount code')).toHaveValue(code);
    await expect(panel.getByRole('button', { name: 'Applied' })).toBeDisabled();
    await press(panel.getByRole('button', { name: 'Pay $29 with your code' }));
    await expect(page.getByRole('button', { name: 'Pay $29 (test)' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay $29 (test)' }).click();
    await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
  });
});

// The refund is the server's answer to Stripe's event, the same at any width.
test.describe('payments with Stripe (a local fake of its API)', () => {
  test('a payment for a browser that already has the plan lands on /thank-you with the refund message, and it stays Paid', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const stripe = await createFakeStripeServer({ hostedPages: true });
    const server = await ownServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: 'whsec_fake123', STRIPE_API_BASE: `http://127.0.0.1:${stripe.fake.api.port}` },
    });
    try {
      await server.start();
      await page.goto(`${server.url}/form`);
      const header = page.getByRole('banner');
      await expect(header.getByText('Free', { exact: true })).toBeVisible();
      await openHeaderMenu(page);
      const [checkout] = await Promise.all([context.waitForEvent('page'), press(header.getByRole('button', { name: /Upgrade/ }))]);
      await expect(checkout.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
      await expect(checkout.getByText('Amount due: $49')).toBeVisible();

      // Meanwhile this browser gets the plan another way (here an operator's grant), so the payment is one too many.
      const uid = await page.evaluate(async () => ((await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string }).uid);
      const grant = await request.post(`${server.url}/api/admin/entitlements`, {
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { uid, plan: 'paid' },
      });
      expect(grant.status()).toBe(200);

      await checkout.getByRole('button', { name: 'Pay with the fake card' }).click();
      await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_test_/);
      await expect(checkout.getByRole('heading', { name: 'You already have the full plan; this payment was refunded' })).toBeVisible();
      await expect(checkout.getByRole('heading', { name: 'All set!' })).toHaveCount(0);
      expect(stripe.fake.refundCalls).toEqual([{ paymentIntent: expect.stringMatching(/^pi_/), idempotencyKey: expect.stringMatching(/^refund_co_/) }]);
      await checkout.reload();
      await expect(checkout.getByRole('heading', { name: 'You already have the full plan; this payment was refunded' })).toBeVisible();
      expect(stripe.fake.refundCalls).toHaveLength(1);
      await checkout.getByRole('link', { name: 'Start Writing' }).click();
      await expect(checkout.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
    } finally {
      await server.dispose();
      await stripe.close();
    }
  });
});
