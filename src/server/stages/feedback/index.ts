// The feedback form's submissions.
import type { ServerStage } from '../../stage.ts';
import { feedbackData } from './data.ts';
import { feedbackRoutes } from './routes.ts';

export const feedbackStage: ServerStage = {
  name: 'feedback',
  data: feedbackData,
  register: async (app, { db, clock }) => { await app.register(feedbackRoutes, { db, clock }); },
};
