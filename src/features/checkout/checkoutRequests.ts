// The checkout's request state: verifying a purchase (/thank-you, checkoutThunks.ts) as this page runs it, for the
// session id it was asked about, in a slice of its own, which comes with the page (src/client-core/pageSlices.ts)
// and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { verifyPurchase } from './checkoutThunks.ts';
import type { VerifyRefund } from './checkoutThunks.ts';

/** 'ok', what the server refunded instead, or 'error'; 'verifying' while the check runs. */
export type Verification = 'verifying' | 'ok' | 'error' | VerifyRefund;
type CheckoutRequests = { verify: { sessionId: string; outcome: Verification } | null };
type CheckoutRequestsRootState = { checkoutRequests?: CheckoutRequests };

const initialState: CheckoutRequests = { verify: null };

export const checkoutRequestsSlice = createSlice({
  name: 'checkoutRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(verifyPurchase.pending, (state, { meta }) => {
        state.verify = { sessionId: meta.arg, outcome: 'verifying' };
      })
      .addCase(verifyPurchase.fulfilled, (state, { meta, payload }) => {
        state.verify = { sessionId: meta.arg, outcome: payload.refunded ?? 'ok' };
      })
      // A check cut short (the page left) says nothing: the next visit asks again.
      .addCase(verifyPurchase.rejected, (state, { meta, payload }) => {
        if (payload?.code !== 'aborted') state.verify = { sessionId: meta.arg, outcome: 'error' };
      });
  },
});

/** What the check of `sessionId` found so far ('verifying' until it answers). */
export const selectVerification = (sessionId: string) => (state: object): Verification => {
  const verify = (state as CheckoutRequestsRootState).checkoutRequests?.verify;
  return verify?.sessionId === sessionId ? verify.outcome : 'verifying';
};

addPageSlice(checkoutRequestsSlice);
