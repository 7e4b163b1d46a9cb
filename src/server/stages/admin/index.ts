// The operator's dashboard: its switch, the support calls and the dashboard's data, behind ADMIN_TOKEN.
import type { ServerStage } from '../../stage.ts';
import { adminData } from './data.ts';
import { adminInsightsRoutes } from './insightRoutes.ts';
import { adminRoutes } from './routes.ts';
import { adminStatusRoutes } from './statusRoutes.ts';

export const adminStage: ServerStage = {
  name: 'admin',
  data: adminData,
  register: async (app, { db, adminAuth, clock, config }) => {
    await app.register(adminRoutes, { db, adminAuth, clock });
    await app.register(adminInsightsRoutes, { db, adminAuth, clock });
    await app.register(adminStatusRoutes, { enabled: config.adminToken !== undefined });
  },
};
