// The questionnaire's form document: GET, PUT and DELETE /api/forms/me.
import type { ServerStage } from '../../stage.ts';
import { wizardData } from './data.ts';
import { formRoutes } from './routes.ts';

export const wizardStage: ServerStage = {
  name: 'wizard',
  data: wizardData,
  register: async (app, { db, clock }) => { await app.register(formRoutes, { db, clock }); },
};
