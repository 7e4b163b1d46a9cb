// The token sync's sign-out call (DELETE when signed out). Kept beside the Firebase backend, its
// only user, rather than in the shared endpoint table.
import type { Endpoint } from '../api/index.ts';

export const endSession = {
  method: 'DELETE',
  path: '/api/session',
  response: 'noContentSchema',
  retries: 1,
  timeoutMs: 8000,
} satisfies Endpoint<'noContentSchema'>;
