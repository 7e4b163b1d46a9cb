// The first-party analytics store: POST /api/events.
import type { ServerStage } from '../../stage.ts';
import { analyticsData } from './data.ts';
import { eventsRoutes } from './routes.ts';

export const analyticsStage: ServerStage = {
  name: 'analytics',
  data: analyticsData,
  register: async (app, { db, clock }) => { await app.register(eventsRoutes, { db, clock }); },
};
