// The discount stage: the launch code the student asks for (the promo popup), the code typed or reused at
// checkout, its validation by the server, and the code applied. Every call is a thunk, so each shows in the
// action log as discount/…; the components only dispatch these and select the state.
// The code this browser was issued is kept on the device for 30 days (storedCode.ts) and applied by itself
// at checkout while it is valid.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { BASE_PRICE_CENTS, CURRENCY, dollars, LAUNCH_PRICE_CENTS } from '../../common/money/pricing.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { isDiscountCode } from '../../common/contract/validation.ts';
import { discountCodeRequested, discountCodeUsed } from './discountActions.ts';
import { requestCodeFor } from './discountApi.ts';
import { storedCode } from './storedCode.ts';

export type DiscountState = {
  /** The promo popup's request for a code. */
  request: { status: 'idle' | 'pending' | 'done'; code: string | null; error: string | null };
  /** The code in the checkout panel's field, upper-cased as typed. */
  input: string;
  /** checking: the server is validating `input`; applied: the checkout uses `applied`. */
  status: 'idle' | 'checking' | 'applied';
  applied: string | null;
  error: string | null;
  /** The code this browser was issued in the last 30 days, if any (read from the device at start-up). */
  saved: string | null;
  /** The saved code has been offered at checkout once (later edits are the student's own). */
  savedCodeReused: boolean;
};
export type DiscountRootState = { discount: DiscountState };

const initialState = (): DiscountState => ({
  request: { status: 'idle', code: null, error: null },
  input: '',
  status: 'idle',
  applied: null,
  error: null,
  saved: storedCode(),
  savedCodeReused: false,
});

/** The popup's "Get My Code": a launch code for the e-mail, issued by the server and kept on this device. */
export const requestDiscountCode = createAppAsyncThunk(
  'discount/requestCode',
  ({ email }: { email: string }, { dispatch, signal }) =>
    requestCodeFor(email, signal, () => {
      dispatch(discountCodeRequested({ contact_method: 'email', has_email: true }));
    }),
);

export type Validation = { valid: true; code: string; discountCents: number } | { valid: false; error: string };

/**
 * Checks a code: empty or malformed codes are caught here, the server judges the rest. A valid code is
 * applied (discount/codeUsed).
 */
export const validateDiscountCode = createAppAsyncThunk(
  'discount/validate',
  async ({ code, email }: { code: string; email: string }, { dispatch, signal }): Promise<Validation> => {
    if (code.trim() === '') return { valid: false, error: MESSAGES.discountEmpty };
    if (!isDiscountCode(code)) return { valid: false, error: MESSAGES.discountFormat };
    try {
      const offer = await apiRequest(endpoints.validateDiscount, { body: { code, user_email: email }, signal });
      if (!offer.valid) return { valid: false, error: offer.error || MESSAGES.discountInvalid };
      const discountCents = offer.discount_amount ?? 0;
      dispatch(discountCodeUsed({ discount_code: code, discount_amount: dollars(discountCents), currency: CURRENCY }));
      return { valid: true, code, discountCents };
    } catch (caught) {
      const failure = toApiErrorValue(caught);
      return { valid: false, error: failure.status >= 400 && failure.status < 500 ? failure.message : MESSAGES.discountCallFailed };
    }
  },
);

/** At checkout, the code this browser received in the last 30 days is filled in and applied by itself, once. */
export const reuseSavedCode = createAppAsyncThunk(
  'discount/reuseSavedCode',
  async ({ email }: { email: string }, { dispatch, getState }) => {
    const { saved } = getState().discount;
    if (saved === null) return;
    dispatch(discountSlice.actions.codeTyped(saved));
    await dispatch(validateDiscountCode({ code: saved, email }));
  },
  { condition: (_, { getState }) => !getState().discount.savedCodeReused && getState().discount.saved !== null },
);

export const discountSlice = createSlice({
  name: 'discount',
  initialState,
  reducers: {
    /** The student typed in the code field: upper case, and an applied code is no longer applied. */
    codeTyped(state, action: PayloadAction<string>) {
      state.input = action.payload.toUpperCase();
      state.status = 'idle';
      state.applied = null;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestDiscountCode.pending, (state) => {
        state.request = { status: 'pending', code: null, error: null };
      })
      .addCase(requestDiscountCode.fulfilled, (state, { payload }) => {
        state.request = 'code' in payload
          ? { status: 'done', code: payload.code, error: null }
          : { status: 'idle', code: null, error: payload.error };
        if ('code' in payload) state.saved = payload.code;
      })
      .addCase(reuseSavedCode.pending, (state) => {
        state.savedCodeReused = true;
      })
      .addCase(validateDiscountCode.pending, (state) => {
        state.status = 'checking';
        state.error = null;
      })
      .addCase(validateDiscountCode.fulfilled, (state, { payload, meta }) => {
        // The student edited the code while it was being checked: this answer is about another code.
        if (meta.arg.code !== state.input) return;
        if (payload.valid) {
          state.status = 'applied';
          state.applied = payload.code;
        } else {
          state.status = 'idle';
          state.error = payload.error;
        }
      })
      .addCase(validateDiscountCode.rejected, (state) => {
        if (state.status === 'checking') state.status = 'idle';
      });
  },
});

export const { codeTyped } = discountSlice.actions;

export const selectCodeRequest = (state: DiscountRootState) => state.discount.request;
export const selectDiscountInput = (state: DiscountRootState): string => state.discount.input;
export const selectDiscountStatus = (state: DiscountRootState) => state.discount.status;
export const selectDiscountError = (state: DiscountRootState): string | null => state.discount.error;
export const selectAppliedCode = (state: DiscountRootState): string | null => state.discount.applied;
/**
 * What the full-price Upgrade will charge: the server applies this browser's own unused launch code there
 * too, so with a saved code it is the launch price.
 */
export const selectUpgradePriceCents = (state: DiscountRootState): number =>
  state.discount.saved !== null ? LAUNCH_PRICE_CENTS : BASE_PRICE_CENTS;
