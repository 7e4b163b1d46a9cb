// What the student sees while the device copy is read back and the session starts ('Loading your data...'), and
// when a new browser can neither find a device copy nor read the remote one. The sync keeps trying
// behind the failure screen, so it gives way to the app as soon as the connection returns.
import { MESSAGES } from '../common/contract/messages.ts';

export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <p className="loading-screen__text">{MESSAGES.loading}</p>
    </div>
  );
}

export function LoadFailedScreen() {
  return (
    <div className="loading-screen" role="alert">
      <p className="loading-screen__text">{MESSAGES.loadFailed}</p>
    </div>
  );
}
