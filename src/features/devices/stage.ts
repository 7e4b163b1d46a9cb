// The devices as a stage of the app (src/app/stages.ts): the new device's page ("Continue from another
// device", linked from `/` and the questionnaire's first screen) and the page its QR code opens ("Add a
// device"). The devices list and "Add a device" also sit in "Your data" (the wizard's MyDataPanel).
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';

const slices = [] as const;

export const devicesStage: Stage<typeof slices> = {
  name: 'devices',
  slices,
  routes: [
    { path: paths.continue, page: () => import('./ContinuePage.tsx') },
    { path: paths.addDevice, page: () => import('./AddDevicePage.tsx') },
  ],
};
