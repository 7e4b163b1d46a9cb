// The devices a student is signed in on: their list and signing one out, pairing a new device, the sessions'
// and pairings' tables, and the hourly end of idle sessions and expired pairings. The sessions themselves are
// read by src/server/plugins/sessions.ts.
import type { ServerStage } from '../../stage.ts';
import { devicesData } from './data.ts';
import * as deviceSessions from './migrations/010_devices_sessions.ts';
import * as devicePairings from './migrations/014_devices_pairings.ts';
import * as sharedDevices from './migrations/015_devices_shared.ts';
import { startIdleSessionsEnd } from './idleSessions.ts';
import { pairingRoutes } from './pairingRoutes.ts';
import { devicesRoutes } from './routes.ts';

export const devicesStage: ServerStage = {
  name: 'devices',
  data: devicesData,
  migrations: [deviceSessions, devicePairings, sharedDevices],
  register: async (app, { db, clock }) => {
    await app.register(devicesRoutes, { db, clock });
    await app.register(pairingRoutes, { db, clock });
    app.addHook('onClose', startIdleSessionsEnd({ db, clock, log: app.log }));
  },
};
