// The referral link's `ref` parameter (REFER- + six uppercase letters or digits), kept in this
// tab's session storage. Imported by src/main.tsx on every page load, including the pre-rendered '/',
// so it must stay tiny: no React, no store.
import { isReferralCode } from '../../common/contract/validation.ts';

export const REFERRAL_CODE_KEY = 'referral_code';

/** Reads `ref` from a query string and keeps it if it has the right format; bad formats are ignored. */
export function captureReferralCode(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get('ref');
  if (code === null || !isReferralCode(code)) return;
  try {
    sessionStorage.setItem(REFERRAL_CODE_KEY, code);
  } catch {
    // Storage refused (private mode, quota): the referral is best-effort.
  }
}

/** The code kept this session, if it is still well formed. */
export function storedReferralCode(): string | null {
  try {
    const code = sessionStorage.getItem(REFERRAL_CODE_KEY);
    return code !== null && isReferralCode(code) ? code : null;
  } catch {
    return null;
  }
}
