// The page opened from the server's frame of its answer (the frame's <meta> names it): it starts there,
// never stepping back to 'Finalizing your purchase…', still runs its check (purchase event, plan), and keeps
// the answer when that check cannot get through. The answer is read once, for the address the document was
// sent for, so this file's document is that of /thank-you?session_id=cs_local_abc with the 'ok' frame.
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAppListener } from '../../../src/app/hooks.ts';
import { makeStore } from '../../../src/app/store.ts';
import { purchaseCompleted } from '../../../src/client-core/purchaseEvents.ts';
import { verifyPurchase } from '../../../src/features/checkout/checkoutThunks.ts';
import { RECORDED_PURCHASE_META } from '../../../src/common/purchaseVerdict.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const purchase = { plan: 'paid', transaction_id: 'cs_local_abc', value: 49, currency: 'USD', discount_applied: false };

/**
 * An answer the test holds back: `asked` settles when the page's request arrives, and `answer` sends the
 * response then. (An answer given before the request arrived would be lost, and the page would wait forever.)
 */
function heldAnswer() {
  let arrived: () => void = () => {};
  const asked = new Promise<void>((resolve) => { arrived = resolve; });
  let release: ((response: Response) => void) | undefined;
  const handler = () => new Promise<Response>((resolve) => {
    release = resolve;
    arrived();
  });
  const answer = (response: Response) => {
    if (!release) throw new Error('heldAnswer: answered before the request arrived; await `asked` first');
    release(response);
  };
  return { handler, asked, answer };
}

beforeAll(() => {
  const meta = document.createElement('meta');
  meta.name = RECORDED_PURCHASE_META;
  meta.content = 'ok';
  document.head.append(meta);
  window.history.replaceState(null, '', '/thank-you?session_id=cs_local_abc');
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/thank-you sent with the frame of its answer', () => {
  it('opens on All set! while its own check is still out, then sends the purchase event', async () => {
    const verify = heldAnswer();
    fakeApi({ 'GET /api/verify-session': verify.handler, 'GET /api/whoami': () => json({ plan: 'paid' }) });
    const store = makeStore();
    const sent: unknown[] = [];
    const firstSent = new Promise<void>((resolve) => {
      store.dispatch(addAppListener({ actionCreator: purchaseCompleted, effect: (action) => { sent.push(action.payload); resolve(); } }));
    });
    renderApp({ route: '/thank-you?session_id=cs_local_abc', store });
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('All set!');
    expect(screen.getByText('Your access has been activated on this browser.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Writing' })).toHaveAttribute('href', '/form');
    // The page's own check is out: no purchase event until its answer comes.
    await verify.asked;
    expect(sent).toEqual([]);
    verify.answer(json(purchase));
    await firstSent;
    expect(sent).toEqual([{ transaction_id: 'cs_local_abc', value: 49, currency: 'USD', discount_applied: false }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All set!');
  });

  it('keeps the answer when its own check cannot reach the server', async () => {
    fakeApi({ 'GET /api/verify-session': () => Promise.reject(new TypeError('Failed to fetch')) });
    const store = makeStore();
    const failed: string[] = [];
    store.dispatch(addAppListener({ actionCreator: verifyPurchase.rejected, effect: (action) => { failed.push(action.payload?.code ?? ''); } }));
    renderApp({ route: '/thank-you?session_id=cs_local_abc', store });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('All set!');
    // After the API client's retries of a GET.
    await vi.waitFor(() => expect(failed).toEqual(['network']), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All set!');
  });

  it('is no answer for another checkout: that one is verified as usual', async () => {
    const verify = heldAnswer();
    fakeApi({ 'GET /api/verify-session': verify.handler });
    renderApp({ route: '/thank-you?session_id=cs_local_other' });
    expect(await screen.findByRole('heading', { name: 'Finalizing your purchase…' })).toBeVisible();
    await verify.asked;
    verify.answer(json({ error: 'This checkout has not been paid.', code: 'payment_incomplete' }, 402));
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your payment' })).toBeVisible();
  });
});
