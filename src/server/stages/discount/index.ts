// Discount codes: the promo popup's code, checking one, and a checkout at the discounted price.
import type { ServerStage } from '../../stage.ts';
import { discountData } from './data.ts';
import { discountRoutes } from './routes.ts';

export const discountStage: ServerStage = {
  name: 'discount',
  data: discountData,
  register: async (app, { checkout, returnOrigin }) => { await app.register(discountRoutes, { checkout, returnOrigin }); },
};
