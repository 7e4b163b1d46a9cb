import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_KEY, captureReferralCode, storedReferralCode } from '../../../src/features/referrals/index.ts';

describe('the ref link parameter', () => {
  it('keeps a well-formed code in session storage', () => {
    captureReferralCode('?ref=REFER-AB12CD');
    expect(sessionStorage.getItem(REFERRAL_CODE_KEY)).toBe('REFER-AB12CD');
    expect(storedReferralCode()).toBe('REFER-AB12CD');
  });

  it('reads it among other parameters', () => {
    captureReferralCode('?utm_source=x&ref=REFER-ZZZ999&a=b');
    expect(storedReferralCode()).toBe('REFER-ZZZ999');
  });

  it.each(['REFER-ab12cd', 'REFER-AB12C', 'REFER-AB12CDE', 'refer-AB12CD', 'LAUNCH2024-AB12CD', 'REFER-AB 2CD', ''])(
    'ignores the bad format %j',
    (code) => {
      captureReferralCode(`?ref=${encodeURIComponent(code)}`);
      expect(sessionStorage.getItem(REFERRAL_CODE_KEY)).toBeNull();
      expect(storedReferralCode()).toBeNull();
    },
  );

  it('does nothing without a ref, and a bad one does not replace a good one', () => {
    captureReferralCode('');
    expect(storedReferralCode()).toBeNull();
    captureReferralCode('?ref=REFER-GOOD01');
    captureReferralCode('?ref=bogus');
    captureReferralCode('?other=1');
    expect(storedReferralCode()).toBe('REFER-GOOD01');
  });

  it('reads the page URL by default', () => {
    window.history.replaceState(null, '', '/form?ref=REFER-URL123');
    try {
      captureReferralCode();
      expect(storedReferralCode()).toBe('REFER-URL123');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('ignores a tampered stored value', () => {
    sessionStorage.setItem(REFERRAL_CODE_KEY, 'not-a-code');
    expect(storedReferralCode()).toBeNull();
  });
});
