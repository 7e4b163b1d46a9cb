// The plan's purchase: Upgrade, Cancel and the /thank-you check; then how a payment arrives, the local test
// checkout's pages or Stripe's webhook, whichever the payments port is.
import { isLocalCheckout, isStripePort } from '../../payments/index.ts';
import type { ServerStage } from '../../stage.ts';
import { checkoutData } from './data.ts';
import { localCheckoutRoutes } from './localCheckoutRoutes.ts';
import { checkoutRoutes } from './routes.ts';
import { stripeWebhookRoutes } from './stripeWebhookRoutes.ts';

export const checkoutStage: ServerStage = {
  name: 'checkout',
  data: checkoutData,
  register: async (app, { checkout, returnOrigin, config }) => {
    await app.register(checkoutRoutes, { checkout, returnOrigin });
    if (isLocalCheckout(checkout.payments)) {
      await app.register(localCheckoutRoutes, { local: checkout.payments, fulfilment: checkout });
    } else if (config.payments.stripe && isStripePort(checkout.payments)) {
      await app.register(stripeWebhookRoutes, {
        stripe: checkout.payments.stripe, webhookSecret: config.payments.stripe.webhookSecret, fulfilment: checkout,
      });
    }
  },
};
