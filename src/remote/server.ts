// The default backend: our own API server. The session is an httpOnly cookie set by POST /api/session,
// so the browser never holds a token.
import { apiRequest, endpoints } from '../api/index.ts';
import type { RemoteBackend } from './index.ts';

export const serverBackend: RemoteBackend = {
  name: 'server',
  signIn: (signal) => apiRequest(endpoints.startSession, { signal }),
};
