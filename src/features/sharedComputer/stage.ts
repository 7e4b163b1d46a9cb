// "This is a shared computer" as a stage of the app (src/app/stages.ts): the listener that tells the server once
// the tab signs in, and Sign out in the header while the tab is on a shared computer. The box itself is on the
// landing page and the questionnaire's first screen (components.ts, landing.ts), its calls' state with it.
import type { Stage } from '../../client-core/stage.ts';
import { addSharedComputerListeners } from './sharedComputerListeners.ts';
import { SharedSignOutSlot } from './SharedSignOutSlot.tsx';

const slices = [] as const;

export const sharedComputerStage: Stage<typeof slices> = {
  name: 'sharedComputer',
  slices,
  listeners: [addSharedComputerListeners],
  headerLinks: [SharedSignOutSlot],
};
