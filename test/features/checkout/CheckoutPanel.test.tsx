import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutPanel } from '../../../src/features/checkout/components.ts';
import type { RootState } from '../../../src/app/store.ts';
import { studentAt } from '../../app/fixtures.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { recordActions } from '../../app/actionLog.ts';

const free = (): Partial<RootState> => ({
  ...studentAt('result'),
  session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
});

const offer = { valid: true, code: 'LAUNCH2024-ABC123', discount_percent: 41, discount_amount: 2000, final_price: 2900, base_price: 4900 };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the checkout panel', () => {
  it('offers the full-price Upgrade in a new tab, as a form posted to the checkout', () => {
    fakeApi({ 'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }) });
    renderWithProviders(<CheckoutPanel />, { preloadedState: free() });
    const upgrade = screen.getByRole('button', { name: /^Upgrade for \$49 ?\(opens in a new tab\)$/ });
    expect(upgrade).toHaveTextContent('Upgrade for $49 (opens in a new tab)', { normalizeWhitespace: false });
    const form = upgrade.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('action', '/api/checkout/upgrade');
    expect(form.method).toBe('post');
    expect(form).toHaveAttribute('target', '_blank');
  });

  it('checks the code: empty, bad format, invalid (server text), failed call, then applied and locked', async () => {
    const api = fakeApi({
      'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }),
      'POST /api/validate-discount': [
        () => json({ valid: false, error: 'This discount code has expired.' }),
        () => networkFailure(),
        () => json(offer),
      ],
    });
    const { user, store } = renderWithProviders(<CheckoutPanel />, { preloadedState: free() });
    const log = recordActions(store);
    const input = screen.getByLabelText('Discount code');
    const apply = screen.getByRole('button', { name: 'Apply' });
    await user.click(apply);
    expect(screen.getByText('Please enter a discount code')).toBeVisible();
    await user.type(input, 'launch2024-abc12');
    expect(input).toHaveValue('LAUNCH2024-ABC12');
    await user.click(apply);
    expect(screen.getByText('Invalid discount code format')).toBeVisible();
    await user.type(input, '3');
    await user.click(apply);
    expect(await screen.findByText('This discount code has expired.')).toBeVisible();
    await user.click(apply);
    expect(await screen.findByText('Failed to validate discount code. Please try again.')).toBeVisible();
    await user.click(apply);
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Pay $29 with your code' })).toBeVisible();
    expect(api.callsTo('POST /api/validate-discount')).toHaveLength(3);
    expect(log.actions).toContainEqual({ type: 'discount/codeUsed', payload: { discount_code: 'LAUNCH2024-ABC123', discount_amount: 20, currency: 'USD' } });
  });

  it('asks for the form first when the questionnaire has no e-mail', async () => {
    fakeApi({
      'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }),
      'POST /api/validate-discount': () => json(offer),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const state = free();
    const { user } = renderWithProviders(<CheckoutPanel />, {
      preloadedState: { ...state, wizard: { ...state.wizard!, basicInfo: { fullName: 'Maya', email: '' } } },
    });
    await user.type(screen.getByLabelText('Discount code'), 'LAUNCH2024-ABC123');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $29 with your code' }));
    expect(alert).toHaveBeenCalledWith('Please complete the form first to continue with checkout.');
  });

  it('shows the credits slider from 0 to the smaller of the balance and $49, in $1 steps', async () => {
    fakeApi({ 'GET /api/referrals/info': () => json({ credits_available: 750, referral_code: 'REFER-ABC123' }) });
    renderWithProviders(<CheckoutPanel />, { preloadedState: free() });
    const slider = await screen.findByRole('slider', { name: /Credits to use/ });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '700');
    expect(slider).toHaveAttribute('step', '100');
  });

  it('the promo button opens the popup, marks it shown, and issues a code for the e-mail', async () => {
    fakeApi({
      'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }),
      'POST /api/discount-codes': () => json({ code: 'LAUNCH2024-XYZ789', expires_at: '2026-04-01T00:00:00.000Z' }),
    });
    const { user } = renderWithProviders(<CheckoutPanel />, { preloadedState: free() });
    await user.click(screen.getByRole('button', { name: 'Save More Than 40%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save More Than 40%' });
    expect(sessionStorage.getItem('result_page_discount_shown')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Get My Code' }));
    expect(await within(dialog).findByText('LAUNCH2024-XYZ789')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('essay_studio_discount_code')).toContain('LAUNCH2024-XYZ789'));
  });
});
