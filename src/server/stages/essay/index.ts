// The essays: the paid personal statement and the free supplemental, generated (or streamed), and the essay
// versions every essay page keeps (the personal statement's, the supplementals', the coach's drafts).
import type { ServerStage } from '../../stage.ts';
import { essayData } from './data.ts';
import * as essayVersions from './migrations/006_essay_versions.ts';
import { essayRoutes } from './routes.ts';
import { essayVersionRoutes } from './versionRoutes.ts';

export const essayStage: ServerStage = {
  name: 'essay',
  data: essayData,
  migrations: [essayVersions],
  register: async (app, { ai, gate, readPlan, db, clock }) => {
    await app.register(essayRoutes, { ai, gate, readPlan });
    await app.register(essayVersionRoutes, { db, clock });
  },
};
