// POST /api/referrals/track through the typed client. Best-effort: the e-mail is marked before sending
// (so a second trigger while the call is in flight does not send it twice) and unmarked if it fails,
// so a later change may try again. Failures reject quietly; nothing is shown to the student.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { markTracked, unmarkTracked } from './trackedEmails.ts';

export type TrackReferralArgs = { referralCode: string; email: string; fullName: string };

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
