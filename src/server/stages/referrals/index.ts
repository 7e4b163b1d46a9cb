// Referrals: binding a browser to its referrer, the balance and own code, and a checkout paid with credits.
import type { ServerStage } from '../../stage.ts';
import { referralsData } from './data.ts';
import { referralRoutes } from './routes.ts';

export const referralsStage: ServerStage = {
  name: 'referrals',
  data: referralsData,
  register: async (app, { checkout, returnOrigin }) => { await app.register(referralRoutes, { checkout, returnOrigin }); },
};
