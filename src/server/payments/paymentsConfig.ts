// The payments part of the configuration (config.ts spreads these in): Stripe's keys switch from the local
// test checkout to Stripe, and production on a public address refuses the test checkout unless the operator
// opts in (on a loopback PUBLIC_URL it is only ever the student's own computer).
import { z } from 'zod';
import { BASE_PRICE_CENTS, DEFAULT_REFERRAL_REWARD_CENTS } from '../../common/money/pricing.ts';

export interface PaymentsConfig {
  /** Stripe when set; the local test checkout otherwise. */
  stripe: { secretKey: string; webhookSecret: string; api?: StripeApiAddress; timeoutMs: number } | undefined;
  referralRewardCents: number;
}

/** Where the Stripe SDK sends its calls instead of api.stripe.com (a stand-in such as stripe-mock, a proxy). */
export interface StripeApiAddress { host: string; port: number; protocol: 'http' | 'https' }

/** Each attempt of a call to Stripe (STRIPE_TIMEOUT): Stripe answers in a second or two when it is well. */
export const STRIPE_DEFAULT_TIMEOUT_MS = 8_000;

export const PAYMENT_SECRET_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export const paymentsEnvShape = {
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' }).optional(),
  ALLOW_TEST_CHECKOUT: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  REFERRAL_REWARD_CENTS: z.string().regex(/^\d+$/, `must be a whole number of cents from 0 to ${BASE_PRICE_CENTS}`)
    .transform(Number).refine((cents) => cents <= BASE_PRICE_CENTS, `must be a whole number of cents from 0 to ${BASE_PRICE_CENTS}`)
    .default(DEFAULT_REFERRAL_REWARD_CENTS),
};

type Known = Record<string, string | undefined>;

/** Problems that involve several variables at once, in the words config.ts reports. */
export function paymentsProblems(known: Known, where: { publicProduction: boolean }): Array<{ name: string; message: string }> {
  const problems: Array<{ name: string; message: string }> = [];
  const hasKey = known.STRIPE_SECRET_KEY !== undefined;
  if (hasKey && known.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push({ name: 'STRIPE_WEBHOOK_SECRET', message: 'is required with STRIPE_SECRET_KEY, so paid checkouts are confirmed by signed webhooks' });
  }
  if (!hasKey && known.STRIPE_WEBHOOK_SECRET !== undefined) {
    problems.push({ name: 'STRIPE_SECRET_KEY', message: 'is required with STRIPE_WEBHOOK_SECRET' });
  }
  if (where.publicProduction && !hasKey && known.ALLOW_TEST_CHECKOUT !== '1') {
    problems.push({
      name: 'STRIPE_SECRET_KEY',
      message: 'is required when NODE_ENV=production and PUBLIC_URL is not a loopback address: without it the test '
        + 'checkout would give the paid plan away. Set ALLOW_TEST_CHECKOUT=1 to serve the test checkout there on purpose',
    });
  }
  return problems;
}

function stripeApiAddress(base: string | undefined): StripeApiAddress | undefined {
  if (base === undefined) return undefined;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe's hosted checkout pages. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The origins a checkout's own page may be on, besides ours (the local test checkout is ours): Stripe's, and a
 * stand-in's (STRIPE_API_BASE), which serves its pages where it answers the API. The pages' forms may end there.
 */
export function checkoutPageOrigins(config: PaymentsConfig): string[] {
  if (config.stripe === undefined) return [];
  const { api } = config.stripe;
  return [STRIPE_CHECKOUT_ORIGIN, ...(api === undefined ? [] : [`${api.protocol}://${api.host}:${api.port}`])];
}

export function paymentsConfigFrom(vars: {
  STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_BASE?: string; STRIPE_TIMEOUT: number;
  REFERRAL_REWARD_CENTS: number;
}): PaymentsConfig {
  const api = stripeApiAddress(vars.STRIPE_API_BASE);
  return {
    stripe: vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
      ? {
        secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET, timeoutMs: vars.STRIPE_TIMEOUT, ...(api ? { api } : {}),
      }
      : undefined,
    referralRewardCents: vars.REFERRAL_REWARD_CENTS,
  };
}
