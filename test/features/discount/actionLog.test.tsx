// What a developer sees in Redux DevTools: the store's action log holds discount/… actions when a student
// requests a code, validates it and has it applied, and referrals/… actions when a ref link is tracked and
// credits are read. The real store and components, the network faked at fetch.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { CheckoutPanel } from '../../../src/features/checkout/components.ts';
import { REFERRAL_TRACK_DEBOUNCE_MS, captureReferralCode } from '../../../src/features/referrals/index.ts';
import { emailChanged, fullNameChanged } from '../../../src/features/wizard/index.ts';
import { recordActions } from '../../app/actionLog.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

const free = (): Partial<RootState> => ({
  ...studentAt('result'),
  session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the action log', () => {
  it('shows the discount stage: a code requested, validated and applied', async () => {
    fakeApi({
      'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }),
      'POST /api/discount-codes': () => json({ code: 'LAUNCH2024-XYZ789', expires_at: '2026-04-01T00:00:00.000Z' }),
      'POST /api/validate-discount': () => json({ valid: true, code: 'LAUNCH2024-XYZ789', discount_percent: 41, discount_amount: 2000, final_price: 2900, base_price: 4900 }),
    });
    const store = makeStore(free());
    const log = recordActions(store);
    const { user } = renderWithProviders(<CheckoutPanel />, { store });

    await user.click(screen.getByRole('button', { name: 'Save More Than 40%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save More Than 40%' });
    await user.click(within(dialog).getByRole('button', { name: 'Get My Code' }));
    expect(await within(dialog).findByText('LAUNCH2024-XYZ789')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.type(screen.getByLabelText('Discount code'), 'LAUNCH2024-XYZ789');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();

    const discount = log.types().filter((type) => type.startsWith('discount/') && type !== 'discount/codeTyped');
    expect(discount).toEqual([
      'discount/popupShown',
      'discount/requestCode/pending', 'discount/codeRequested', 'discount/requestCode/fulfilled',
      'discount/validate/pending', 'discount/codeUsed', 'discount/validate/fulfilled',
    ]);
    expect(log.types()).toContain('discount/codeTyped');
    expect(log.types()).toContain('referrals/fetchInfo/fulfilled');
    expect(store.getState().discount).toMatchObject({ status: 'applied', applied: 'LAUNCH2024-XYZ789', saved: 'LAUNCH2024-XYZ789' });
  });

  it('shows the saved 30-day code being reused and applied by itself at checkout', async () => {
    localStorage.setItem('essay_studio_discount_code', JSON.stringify({ code: 'LAUNCH2024-ABC123', savedAt: Date.now() }));
    fakeApi({
      'GET /api/referrals/info': () => json({ credits_available: 0, referral_code: 'REFER-ABC123' }),
      'POST /api/validate-discount': () => json({ valid: true, code: 'LAUNCH2024-ABC123', discount_amount: 2000 }),
    });
    const store = makeStore(free());
    const log = recordActions(store);
    renderWithProviders(<CheckoutPanel />, { store });
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(screen.getByLabelText('Discount code')).toHaveValue('LAUNCH2024-ABC123');
    expect(log.types()).toEqual(expect.arrayContaining([
      'discount/reuseSavedCode/pending', 'discount/codeTyped', 'discount/validate/fulfilled', 'discount/codeUsed',
    ]));
  });

  it('shows the referrals stage: a ref link tracked once the form has a name and e-mail', async () => {
    vi.useFakeTimers();
    captureReferralCode('?ref=REFER-AB12CD');
    fakeApi({ 'POST /api/referrals/track': () => json({ tracked: true }) });
    const store = makeStore();
    const log = recordActions(store);
    expect(store.getState().referrals.code).toBe('REFER-AB12CD');
    store.dispatch(fullNameChanged('Ada Lovelace'));
    store.dispatch(emailChanged('ada@example.com'));
    await vi.advanceTimersByTimeAsync(REFERRAL_TRACK_DEBOUNCE_MS);
    expect(log.types().filter((type) => type.startsWith('referrals/'))).toEqual(['referrals/track/pending', 'referrals/track/fulfilled']);
  });
});
