// The devices a student is signed in on: their list and signing one out, the sessions' table, and the hourly
// end of sessions idle past their time. The sessions themselves are read by src/server/plugins/sessions.ts.
import type { ServerStage } from '../../stage.ts';
import { devicesData } from './data.ts';
import * as deviceSessions from './migrations/010_devices_sessions.ts';
import * as sharedDevices from './migrations/015_devices_shared.ts';
import { startIdleSessionsEnd } from './idleSessions.ts';
import { devicesRoutes } from './routes.ts';

export const devicesStage: ServerStage = {
  name: 'devices',
  data: devicesData,
  migrations: [deviceSessions, sharedDevices],
  register: async (app, { db, clock }) => {
    await app.register(devicesRoutes, { db, clock });
    app.addHook('onClose', startIdleSessionsEnd({ db, clock, log: app.log }));
  },
};
