// Analytics state: the visitor's cookie consent (asked only when Google Tag Manager is configured) and a count
// of events tracked. The events themselves go to the sinks (outbox, GTM) from the listener, not into state.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsEvent } from '../../common/analyticsEvents.ts';

export type Consent = 'unknown' | 'granted' | 'denied';
export type AnalyticsState = { consent: Consent; tracked: number };
export type AnalyticsRootState = { analytics: AnalyticsState };

const initialState: AnalyticsState = { consent: 'unknown', tracked: 0 };

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    /** A route of the app was shown (a first-party extra: the funnel's visitors). */
    pageViewed(_state, _action: PayloadAction<{ path: string }>) {},
    consentChanged(state, action: PayloadAction<Consent>) {
      state.consent = action.payload;
    },
    eventTracked(state, _action: PayloadAction<AnalyticsEvent>) {
      state.tracked += 1;
    },
  },
});

export const { pageViewed, consentChanged, eventTracked } = analyticsSlice.actions;
export const selectConsent = (state: AnalyticsRootState) => state.analytics.consent;
