import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAppListener } from '../../../src/app/hooks.ts';
import { makeStore } from '../../../src/app/store.ts';
import { purchaseCompleted } from '../../../src/client-core/purchaseEvents.ts';
import { answerLater, fakeApi, json } from '../../app/fakeApi.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const purchase = { plan: 'paid', transaction_id: 'cs_local_abc', value: 49, currency: 'USD', discount_applied: false };

describe('/thank-you', () => {
  it('shows the error at once without a session_id', async () => {
    const api = fakeApi({});
    renderApp({ route: '/thank-you' });
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your payment' })).toBeVisible();
    expect(screen.getByText('Please refresh this page or contact support.')).toBeVisible();
    expect(api.callsTo('GET /api/verify-session')).toHaveLength(0);
  });

  it('finalises, then says All set! and sends the purchase event once per transaction', async () => {
    // The verification answers once the page has been seen finalising: a fast machine would otherwise be past it.
    const verification = answerLater();
    const api = fakeApi({ 'GET /api/verify-session': verification.handler, 'GET /api/whoami': () => json({ plan: 'paid' }) });
    const store = makeStore();
    const sent: unknown[] = [];
    store.dispatch(addAppListener({ actionCreator: purchaseCompleted, effect: (action) => { sent.push(action.payload); } }));
    renderApp({ route: '/thank-you?session_id=cs_local_abc', store });
    expect(await screen.findByRole('heading', { name: 'Finalizing your purchase…' })).toBeVisible();
    await vi.waitFor(() => expect(api.callsTo('GET /api/verify-session')).toHaveLength(1), CONDITION_WAIT);
    verification.answer(json(purchase));
    expect(await screen.findByRole('heading', { name: 'All set!' })).toBeVisible();
    expect(screen.getByText('Your access has been activated on this browser.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Writing' })).toHaveAttribute('href', '/form');
    expect(sent).toEqual([{ transaction_id: 'cs_local_abc', value: 49, currency: 'USD', discount_applied: false }]);
    expect(localStorage.getItem('purchase_sent_cs_local_abc')).toBe('1');
  });

  it('says the payment was refunded instead of All set! when the browser already had the plan, and sends no purchase', async () => {
    fakeApi({ 'GET /api/verify-session': () => json({ ...purchase, refunded: 'already_paid' }), 'GET /api/whoami': () => json({ plan: 'paid' }) });
    const store = makeStore();
    const sent: unknown[] = [];
    store.dispatch(addAppListener({ actionCreator: purchaseCompleted, effect: (action) => { sent.push(action.payload); } }));
    renderApp({ route: '/thank-you?session_id=cs_local_abc', store });
    expect(await screen.findByRole('heading', { name: 'You already have the full plan; this payment was refunded' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'All set!' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Writing' })).toHaveAttribute('href', '/form');
    expect(sent).toEqual([]);
  });

  it('says a payment carrying an already-used code was refunded', async () => {
    fakeApi({ 'GET /api/verify-session': () => json({ ...purchase, plan: 'free', refunded: 'code_used' }), 'GET /api/whoami': () => json({ plan: 'free' }) });
    renderApp({ route: '/thank-you?session_id=cs_local_abc' });
    expect(await screen.findByRole('heading', { name: 'This payment was refunded' })).toBeVisible();
    expect(screen.getByText(/already been used by another purchase/)).toBeVisible();
  });

  it('says a closed checkout’s payment was refunded when its credits had gone to another checkout', async () => {
    fakeApi({ 'GET /api/verify-session': () => json({ ...purchase, plan: 'free', refunded: 'credits_used' }), 'GET /api/whoami': () => json({ plan: 'free' }) });
    renderApp({ route: '/thank-you?session_id=cs_local_abc' });
    expect(await screen.findByRole('heading', { name: 'This payment was refunded' })).toBeVisible();
    expect(screen.getByText(/credits it used went to another checkout/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your essay' })).toHaveAttribute('href', '/result');
  });

  it('shows the error when verification fails', async () => {
    fakeApi({ 'GET /api/verify-session': () => json({ error: 'This checkout has not been paid.', code: 'payment_incomplete' }, 402) });
    renderApp({ route: '/thank-you?session_id=cs_local_abc' });
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your payment' })).toBeVisible();
  });
});
