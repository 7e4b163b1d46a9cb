// The college planner: the student's colleges, their prompts and the story bank, one document per student.
import type { ServerStage } from '../../stage.ts';
import { collegePlanData } from './data.ts';
import * as collegePlanDocuments from './migrations/012_collegePlan_documents.ts';
import { collegePlanRoutes } from './routes.ts';

export const collegePlanStage: ServerStage = {
  name: 'collegePlan',
  data: collegePlanData,
  migrations: [collegePlanDocuments],
  register: async (app, { db, clock }) => { await app.register(collegePlanRoutes, { db, clock }); },
};
