// What the essay flow's failure events carry (error_occurred: name, message, context, page), built
// once here so every feature reports the same shape for the analytics listener to map.
import type { ApiErrorValue } from '../api/index.ts';

export type FlowErrorEvent = { name: string; message: string; context: string; page: string };

export const flowError = (error: ApiErrorValue, context: string, page: string): FlowErrorEvent => ({
  name: error.code, message: error.message, context, page,
});
