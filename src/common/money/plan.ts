// The plan a browser is on: shared by the contract's session calls and the operator's dashboard.
import { z } from 'zod';

export const planSchema = z.enum(['free', 'paid']);
export type Plan = z.infer<typeof planSchema>;
