// What the student sees while the device copy is read back and the session starts (SPEC §4).
import { MESSAGES } from '../shared/messages.ts';

export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <p className="loading-screen__text">{MESSAGES.loading}</p>
    </div>
  );
}
