// The free AI calls before the essay: topic ideas for a prompt, then the follow-up questions on the chosen one.
import type { ServerStage } from '../../stage.ts';
import { aiRoutes } from './routes.ts';

export const topicsStage: ServerStage = {
  name: 'topics',
  register: async (app, { ai, gate }) => { await app.register(aiRoutes, { ai, gate }); },
};
