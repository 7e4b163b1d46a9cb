// What the dashboard says about a failed call: the server's own words (the API slice's errors are the
// ApiError's plain value; anything else RTK Query caught has a message too).
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../../api/index.ts';

export const errorText = (error: ApiErrorValue | SerializedError): string => error.message ?? 'Something went wrong.';

/** The token was refused (or no longer holds). */
export const isUnauthorised = (error: ApiErrorValue | SerializedError | undefined): boolean =>
  error !== undefined && 'status' in error && error.status === 401;
