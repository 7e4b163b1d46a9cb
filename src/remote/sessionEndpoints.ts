// The token sync's sign-out call (DELETE when signed out). Kept beside the Firebase backend, its
// only user, rather than in the shared endpoint table.
import { z } from 'zod';
import type { Endpoint } from '../api/index.ts';

export const endSession = {
  method: 'DELETE',
  path: '/api/session',
  // 204: no body.
  response: z.undefined(),
  retries: 1,
  timeoutMs: 8000,
} satisfies Endpoint<z.ZodUndefined>;
