// The payments part of the configuration (config.ts spreads these in): Stripe's keys switch from the local
// test checkout to Stripe, and production on a public address refuses the test checkout unless the operator
// opts in (on a loopback PUBLIC_URL it is only ever the student's own computer).
import { z } from 'zod';
import { BASE_PRICE_CENTS, DEFAULT_REFERRAL_REWARD_CENTS } from '../../shared/constants.ts';

export interface PaymentsConfig {
  /** Stripe when set; the local test checkout otherwise. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  referralRewardCents: number;
}

export const PAYMENT_SECRET_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export const paymentsEnvShape = {
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)').optional(),
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

export function paymentsConfigFrom(vars: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; REFERRAL_REWARD_CENTS: number }): PaymentsConfig {
  return {
    stripe: vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
      ? { secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET }
      : undefined,
    referralRewardCents: vars.REFERRAL_REWARD_CENTS,
  };
}
