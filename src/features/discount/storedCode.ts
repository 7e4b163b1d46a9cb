// The launch code this browser received, kept in local storage so /result reuses it (reused
// automatically while younger than 30 days, deleted when older). Also the popup's once-per-session flags.
import { DISCOUNT_CODE_VALIDITY_DAYS } from '../../common/money/pricing.ts';
import { LANDING_POPUP_SHOWN_KEY } from '../../client-core/popupTriggers.ts';
import { isDiscountCode } from '../../common/contract/validation.ts';

const CODE_KEY = 'essay_studio_discount_code';
export const RESULT_POPUP_SHOWN_KEY = 'result_page_discount_shown';
const MAX_AGE_MS = DISCOUNT_CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

export function saveCode(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(CODE_KEY, JSON.stringify({ code, savedAt: now }));
  } catch {
    // Storage full or blocked: the student still sees the code in the popup.
  }
}

export function storedCode(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(CODE_KEY) ?? 'null') as { code?: unknown; savedAt?: unknown } | null;
    if (!saved || typeof saved.code !== 'string' || typeof saved.savedAt !== 'number' || !isDiscountCode(saved.code)) return null;
    if (now - saved.savedAt >= MAX_AGE_MS) {
      localStorage.removeItem(CODE_KEY);
      return null;
    }
    return saved.code;
  } catch {
    return null;
  }
}

export const popupShownKey = (page: 'landing' | 'result') => (page === 'landing' ? LANDING_POPUP_SHOWN_KEY : RESULT_POPUP_SHOWN_KEY);

export function wasPopupShown(page: 'landing' | 'result'): boolean {
  try {
    return sessionStorage.getItem(popupShownKey(page)) !== null;
  } catch {
    return false;
  }
}

export function markPopupShown(page: 'landing' | 'result', shown = true): void {
  try {
    if (shown) sessionStorage.setItem(popupShownKey(page), 'true');
    else sessionStorage.removeItem(popupShownKey(page));
  } catch {
    // Blocked storage: the popup may show again next time, which is harmless.
  }
}
