// The coach: the student's own draft reviewed by its rules, and a model's questions when one is configured. Its
// drafts' revisions are essay versions (the essay stage's route) with the coach's record beside them.
import type { ServerStage } from '../../stage.ts';
import * as coachRevisions from './migrations/009_coach_revisions.ts';
import { coachRoutes } from './routes.ts';

export const coachStage: ServerStage = {
  name: 'coach',
  migrations: [coachRevisions],
  register: async (app, { ai, gate }) => { await app.register(coachRoutes, { ai, gate }); },
};
