// Identity (and, with the questionnaire issue, the form document) behind one interface, so the store does
// not care whether our own server or Firebase holds them (ARCHITECTURE §1). Thunks reach the chosen
// backend through the thunk extra argument; the Firebase one is loaded lazily and never by default.

export type RemoteSession = { uid: string };

export interface RemoteBackend {
  readonly name: 'server' | 'firebase';
  /**
   * Signs this browser in anonymously, or resumes the session it already has, and answers its uid.
   * Rejects with an ApiError so thunks handle every backend's failures alike.
   */
  signIn(signal?: AbortSignal): Promise<RemoteSession>;
}

export { serverBackend } from './server.ts';
