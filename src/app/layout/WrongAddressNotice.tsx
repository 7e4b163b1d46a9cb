// When the app is open at an address the server does not count as its own (127.0.0.1 while it is set up for
// localhost, say), nothing can be saved online and refreshing never helps. The server says so when the
// session starts (code `wrong_origin`, its message naming the address to open); this shows those words.
import { Alert } from '../../ui/index.ts';
import { useAppSelector } from '../hooks.ts';
import type { SessionRootState } from '../session/index.ts';

const WRONG_ADDRESS_TITLE = 'Essay Studio is not at this address';

/** The server's words naming the address to open, or null when the address is fine. */
export const selectWrongAddress = (state: SessionRootState): string | null =>
  state.session.error?.code === 'wrong_origin' ? state.session.error.message : null;

export function WrongAddressNotice() {
  const message = useAppSelector(selectWrongAddress);
  if (message === null) return null;
  return <Alert tone="error" title={WRONG_ADDRESS_TITLE} className="wrong-address">{message}</Alert>;
}
