import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/server/config.ts';
import { testConfig } from '../helper.ts';

describe('payments configuration', () => {
  it('defaults to the local test checkout and a 500-cent referral reward', () => {
    expect(testConfig().payments).toEqual({ stripe: undefined, referralRewardCents: 500 });
  });

  it('switches to Stripe with both keys, and never echoes them in an error', () => {
    const config = testConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect(config.payments.stripe).toEqual({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123', timeoutMs: 8_000 });
    expect(() => testConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    const error = (() => { try { testConfig({ STRIPE_SECRET_KEY: 'pk_live_oops', STRIPE_WEBHOOK_SECRET: 'whsec_x' }); } catch (caught) { return caught; } })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).not.toContain('pk_live_oops');
  });

  it('sends Stripe calls to STRIPE_API_BASE when set (a stand-in for api.stripe.com)', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(testConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments.stripe?.api)
      .toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(testConfig({ ...keys, STRIPE_API_BASE: 'https://stripe-proxy.internal' }).payments.stripe?.api)
      .toEqual({ host: 'stripe-proxy.internal', port: 443, protocol: 'https' });
    expect(() => testConfig({ ...keys, STRIPE_API_BASE: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_BASE: must be an http\(s\) URL/);
  });

  it('refuses the test checkout in production on a public address unless ALLOW_TEST_CHECKOUT=1', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://essays.example.com' };
    expect(() => testConfig(production)).toThrow(/STRIPE_SECRET_KEY: is required when NODE_ENV=production and PUBLIC_URL is not a loopback address/);
    expect(() => testConfig({ ...production, ALLOW_TEST_CHECKOUT: '0' })).toThrow(/ALLOW_TEST_CHECKOUT=1/);
    expect(testConfig({ ...production, ALLOW_TEST_CHECKOUT: '1' }).payments.stripe).toBeUndefined();
    // NODE_ENV unset is production too.
    expect(() => testConfig({ ...production, NODE_ENV: '' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    // On the student's own computer it works out of the box.
    expect(testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:8080' }).payments.stripe).toBeUndefined();
    expect(testConfig({ NODE_ENV: 'production', PUBLIC_URL: '' }).payments.stripe).toBeUndefined();
    expect(() => testConfig({ ALLOW_TEST_CHECKOUT: 'yes' })).toThrow(/ALLOW_TEST_CHECKOUT: must be 0 or 1/);
    expect(() => testConfig({ REFERRAL_REWARD_CENTS: '-5' })).toThrow(/REFERRAL_REWARD_CENTS/);
  });
});
