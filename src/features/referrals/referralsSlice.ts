// The referrals stage: the `ref` code this tab arrived with, tracking the referral once the form has a name
// and e-mail, this browser's referral balance, and spending it at checkout. Every call is a thunk, so each
// shows in the action log as referrals/…; the components only dispatch these and select the state.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { BASE_PRICE_CENTS, CREDIT_CAP_CENTS, CREDIT_STEP_CENTS, CURRENCY, dollars } from '../../common/money/pricing.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { purchaseStarted } from '../../client-core/purchaseEvents.ts';
import { storedReferralCode } from './referralCode.ts';
import { markTracked, unmarkTracked } from './trackedEmails.ts';

export type ReferralsState = {
  /** The well-formed `ref` code this tab's link carried (kept in session storage by referralCode.ts). */
  code: string | null;
  /** This browser's balance, in cents, once read. */
  creditsAvailable: number;
  /** The credits the student chose to spend, in cents, and why spending them last failed. */
  credits: { selected: number; error: string | null };
};
export type ReferralsRootState = { referrals: ReferralsState };

const initialState = (): ReferralsState => ({
  code: storedReferralCode(),
  creditsAvailable: 0,
  credits: { selected: 0, error: null },
});

/** Credits were spent at checkout (analytics: credits_applied). Money in dollars, as the event reports it. */
export const creditsApplied = createAction<{ credits_used: number; final_price: number; currency: 'USD' }>('referrals/creditsApplied');

export type TrackReferralArgs = { referralCode: string; email: string; fullName: string };

/**
 * POST /api/referrals/track. Best-effort: the e-mail is marked before sending (so a second trigger while the
 * call is in flight does not send it twice) and unmarked if it fails, so a later change may try again.
 * Failures reject quietly; nothing is shown to the student.
 */
export const trackReferral = createAppAsyncThunk(
  'referrals/track',
  async ({ referralCode, email, fullName }: TrackReferralArgs, { rejectWithValue }) => {
    markTracked(email);
    try {
      return await apiRequest(endpoints.trackReferral, {
        body: { referral_code: referralCode, referee_email: email.trim(), referee_name: fullName.trim() },
      });
    } catch (error) {
      unmarkTracked(email);
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);

/** GET /api/referrals/info: this browser's credit balance. */
export const fetchReferralInfo = createAppAsyncThunk('referrals/fetchInfo', async (_: void, { signal, rejectWithValue }) => {
  try {
    return await apiRequest(endpoints.referralInfo, { signal });
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

/**
 * Spends the selected credits: a checkout at the reduced price (or the plan outright when credits cover
 * it all). Answers the checkout's address, for the page to go to.
 */
export const applyReferralCredits = createAppAsyncThunk(
  'referrals/applyCredits',
  async ({ email }: { email: string }, { dispatch, getState, rejectWithValue }) => {
    const uid = getState().session.uid;
    if (uid === null) return rejectWithValue({ status: 0, code: 'not_authenticated', message: MESSAGES.notAuthenticated });
    const creditsCents = getState().referrals.credits.selected;
    try {
      const answer = await apiRequest(endpoints.applyCredits, {
        body: { credits_to_use: creditsCents, user_id: uid, user_email: email || undefined },
      });
      if (!answer.checkout_url || answer.final_price === undefined) {
        return rejectWithValue({ status: 200, code: 'no_checkout', message: answer.error ?? '' });
      }
      dispatch(creditsApplied({ credits_used: dollars(creditsCents), final_price: dollars(answer.final_price), currency: CURRENCY }));
      dispatch(purchaseStarted({ payment_method: 'credits', value: dollars(answer.final_price), currency: CURRENCY }));
      return { checkoutUrl: answer.checkout_url, finalPrice: answer.final_price };
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);

export const referralsSlice = createSlice({
  name: 'referrals',
  initialState,
  reducers: {
    creditsSelected(state, action: PayloadAction<number>) {
      state.credits.selected = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchReferralInfo.fulfilled, (state, { payload }) => {
        state.creditsAvailable = payload.credits_available;
      })
      .addCase(applyReferralCredits.pending, (state) => {
        state.credits.error = null;
      })
      .addCase(applyReferralCredits.rejected, (state, { payload }) => {
        state.credits.error = payload?.message || MESSAGES.creditsFailed;
      });
  },
});

export const { creditsSelected } = referralsSlice.actions;

export const selectReferralCode = (state: ReferralsRootState): string | null => state.referrals.code;
export const selectCreditsAvailable = (state: ReferralsRootState): number => state.referrals.creditsAvailable;
export const selectCreditsSelected = (state: ReferralsRootState): number => state.referrals.credits.selected;
export const selectCreditsError = (state: ReferralsRootState): string | null => state.referrals.credits.error;
/** The slider's top: the balance, at most the price's cap, in whole steps. */
export const selectCreditsMax = (state: ReferralsRootState): number =>
  Math.floor(Math.min(state.referrals.creditsAvailable, CREDIT_CAP_CENTS) / CREDIT_STEP_CENTS) * CREDIT_STEP_CENTS;
/** What the student pays after the selected credits. */
export const selectPriceAfterCredits = (state: ReferralsRootState): number => BASE_PRICE_CENTS - state.referrals.credits.selected;
