// Tracks a referral (POST /api/referrals/track) once the form has a name and a valid e-mail and
// this session holds a ref code: debounced, so typing an e-mail sends nothing per keystroke, and once per
// e-mail per session. Any change to the name or e-mail (typing, a restored form) restarts the wait.
import type { AppStartListening } from '../../app/hooks.ts';
import { isValidEmail } from '../../common/contract/validation.ts';
import { selectProfile } from '../wizard/index.ts';
import { selectReferralCode, trackReferral } from './referralsSlice.ts';
import { wasTracked } from './trackedEmails.ts';

/** How long the name and e-mail must stay unchanged before the referral is tracked. */
export const REFERRAL_TRACK_DEBOUNCE_MS = 1000;

export function addReferralListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => {
      const now = selectProfile(current).basicInfo;
      const before = selectProfile(previous).basicInfo;
      return now.fullName !== before.fullName || now.email !== before.email;
    },
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(REFERRAL_TRACK_DEBOUNCE_MS);
      const { fullName, email } = selectProfile(listenerApi.getState()).basicInfo;
      const referralCode = selectReferralCode(listenerApi.getState());
      if (referralCode === null || fullName.trim() === '' || !isValidEmail(email.trim()) || wasTracked(email)) return;
      // Best-effort: a rejection is recorded in the action log only, never shown to the student.
      await listenerApi.dispatch(trackReferral({ referralCode, email, fullName }));
    },
  });
}
