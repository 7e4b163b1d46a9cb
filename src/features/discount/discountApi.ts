// The discount calls themselves, for the slice's thunks and for the landing page's popup (which runs before
// any store exists, to keep '/' small). Components never call these: on the app's pages they go through
// the thunks in discountSlice.ts, so each shows in the action log.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { isValidEmail } from '../../common/contract/validation.ts';
import { saveCode } from './storedCode.ts';

/** What the popup shows when a code could not be issued. */
export const CODE_REQUEST_FAILED = 'Failed to get your code. Please try again.';

/**
 * POST /api/discount-codes: a launch code for `email`, kept on this device for 30 days. `onRequested` is told
 * once the address passes the check and the request goes out (analytics: discount_code_requested).
 */
export async function requestCodeFor(
  email: string, signal?: AbortSignal, onRequested?: () => void,
): Promise<{ code: string } | { error: string }> {
  const address = email.trim();
  if (!isValidEmail(address)) return { error: MESSAGES.invalidEmail };
  onRequested?.();
  try {
    const issued = await apiRequest(endpoints.requestDiscountCode, { body: { email: address }, signal });
    saveCode(issued.code);
    return { code: issued.code };
  } catch (caught) {
    return { error: toApiErrorValue(caught).message || CODE_REQUEST_FAILED };
  }
}
