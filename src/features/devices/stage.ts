// The student's devices as a stage of the app (src/app/stages.ts): the slice of their list and its calls.
// The list itself is shown in "Your data" (the wizard's panel), through this folder's index.ts.
import type { Stage } from '../../client-core/stage.ts';
import { devicesRequestsSlice, devicesSlice } from './devicesSlice.ts';

const slices = [devicesSlice, devicesRequestsSlice] as const;

export const devicesStage: Stage<typeof slices> = { name: 'devices', slices };
