// The operator's dashboard: its switch, the support calls and the dashboard's data, behind ADMIN_TOKEN.
import type { ServerStage } from '../../stage.ts';
import { adminData } from './data.ts';
import { adminInsightsRoutes } from './insightRoutes.ts';
import { adminRoutes } from './routes.ts';
import { adminStatusRoutes } from './statusRoutes.ts';

export const adminStage: ServerStage = {
  name: 'admin',
  data: adminData,
  register: async (app, { db, clock, config }) => {
    await app.register(adminRoutes, { db, clock });
    await app.register(adminInsightsRoutes, { db, clock });
    await app.register(adminStatusRoutes, { enabled: config.adminToken !== undefined });
  },
};
