import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { tempDir } from './tempDir.ts';

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('loadConfig', () => {
  it('starts on the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080, host: '::', dataDir, databaseUrl: undefined, nodeEnv: 'production',
      publicUrl: 'http://localhost:8080', trustProxy: false, adminToken: undefined, logLevel: 'info',
      bodyLimitBytes: 1024 * 1024, rateLimit: { max: 1200, windowMs: 60_000 },
      sessionLimit: { max: 300, windowMs: 3_600_000 },
      ownOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'],
      payments: { stripe: undefined },
      databaseTimeouts: { statementMs: 10_000, acquireMs: 5_000, migrationMs: 300_000 }, requestTimeoutMs: 15_000, shutdownDeadlineMs: 25_000,
    });
    expect(config.aiLimits).toMatchObject({ perBrowser: 20, perIp: 120, dailyCap: 20_000, dailyPerIp: 3000, paidReservePercent: 25 });
    expect(config.staticDir).toBe(join(process.cwd(), 'dist/client'));
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '9000', HOST: '127.0.0.1', DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@db:5432/essay',
      NODE_ENV: 'production', PUBLIC_URL: 'https://essays.example.com/', TRUST_PROXY: '10.0.0.0/8, loopback',
      COOKIE_SECRET: 'x'.repeat(32), ADMIN_TOKEN: 'a'.repeat(16), LOG_LEVEL: 'warn', BODY_LIMIT_BYTES: '2048',
      RATE_LIMIT_MAX: '5000', RATE_LIMIT_WINDOW: '30s', STATIC_DIR: '/srv/client',
      STRIPE_SECRET_KEY: 'sk_live_example1', STRIPE_WEBHOOK_SECRET: 'whsec_example1', STRIPE_TIMEOUT: '12s',
      DATABASE_STATEMENT_TIMEOUT: '30s', DATABASE_POOL_TIMEOUT: '2000', REQUEST_TIMEOUT: '1m',
    });
    expect(config).toMatchObject({
      databaseTimeouts: { statementMs: 30_000, acquireMs: 2_000, migrationMs: 300_000 }, requestTimeoutMs: 60_000,
      payments: { stripe: { timeoutMs: 12_000 } },
      port: 9000, host: '127.0.0.1', databaseUrl: 'postgres://u:p@db:5432/essay', nodeEnv: 'production',
      publicUrl: 'https://essays.example.com', trustProxy: '10.0.0.0/8, loopback', cookieSecret: 'x'.repeat(32),
      adminToken: 'a'.repeat(16), logLevel: 'warn', bodyLimitBytes: 2048, rateLimit: { max: 5000, windowMs: 30_000 },
      staticDir: '/srv/client',
    });
  });

  it('derives PUBLIC_URL from PORT, never from anything a request says', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', ADMIN_TOKEN: '' })).toMatchObject({
      port: 8080, databaseUrl: undefined, adminToken: undefined,
    });
  });

  it('refuses a bad PORT, naming it and the value', () => {
    const message = refusal({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(message).toContain('PORT: must be a whole number from 1 to 65535 (got "eighty")');
    expect(refusal({ DATA_DIR: tempDir(), PORT: '70000' })).toContain('PORT: must be a whole number from 1 to 65535');
  });

  it('lists every bad variable at once and never echoes a secret', () => {
    const message = refusal({
      DATA_DIR: tempDir(), COOKIE_SECRET: 'too-short-secret', NODE_ENV: 'staging', PUBLIC_URL: 'essays.example.com',
      ADMIN_TOKEN: 'short', RATE_LIMIT_WINDOW: 'soon',
    });
    expect(message).toContain('COOKIE_SECRET: must be at least 32 characters long');
    expect(message).toContain('NODE_ENV: must be one of development, production, test (got "staging")');
    expect(message).toContain('PUBLIC_URL: must be an http:// or https:// URL');
    expect(message).toContain('ADMIN_TOKEN: must be at least 16 characters long');
    expect(message).toContain('RATE_LIMIT_WINDOW: must be a duration');
    expect(message).not.toContain('too-short-secret');
    expect(message).not.toContain('"short"');
  });

  it('refuses production on a public address without COOKIE_SECRET, saying why', () => {
    for (const env of [{ NODE_ENV: 'production' }, {}] as Array<Record<string, string>>) {
      const message = refusal({ ...env, DATA_DIR: tempDir(), PUBLIC_URL: 'https://essays.example.com', STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' });
      expect(message).toContain('COOKIE_SECRET: is required when NODE_ENV=production and PUBLIC_URL is not a loopback address');
    }
  });

  it('keeps the generated cookie secret and the test checkout for production on a loopback PUBLIC_URL', () => {
    for (const publicUrl of [undefined, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) });
      expect(config.nodeEnv).toBe('production');
      expect(config.cookieSecret.length).toBeGreaterThanOrEqual(32);
      expect(config.payments.stripe).toBeUndefined();
    }
  });

  it('counts only the loopback spellings on PORT as its own origins while PUBLIC_URL is unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '80' }).ownOrigins).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'http://127.0.0.1:8080/' }).ownOrigins).toEqual(['http://127.0.0.1:8080']);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL without showing it', () => {
    const message = refusal({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://root:hunter2@db/essays' });
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).not.toContain('hunter2');
  });

  it('accepts libpq\'s list of hosts with target_session_attrs=primary (or read-write), and refuses a malformed one', () => {
    for (const url of [
      'postgres://u:p@db1:5432,db2:5433,db3:5434/essay?target_session_attrs=primary',
      'postgresql://u@db1,[::1]:5433/essay?sslmode=disable&target_session_attrs=read-write',
    ]) expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url }).databaseUrl).toBe(url);
    // …and refuses a malformed one, naming the variable and what is wrong, without showing the password.
    const refused = (url: string) => refusal({ DATA_DIR: tempDir(), DATABASE_URL: url });
    const several = refused('postgres://u:hunter2@db1:5432,db2:5433/essay');
    expect(several).toContain('DATABASE_URL: names several hosts, so it must say which to use: add ?target_session_attrs=primary');
    expect(several).not.toContain('hunter2');
    expect(refused('postgres://u:hunter2@db1:5432,:5433/essay?target_session_attrs=primary'))
      .toContain('DATABASE_URL: every host in the list must be named');
    expect(refused('postgres://u@db1:99999,db2/essay?target_session_attrs=primary'))
      .toContain('DATABASE_URL: the port of "db1:99999" must be a whole number from 1 to 65535');
    expect(refused('postgres://u@db1,db2/essay?target_session_attrs=standby'))
      .toContain('DATABASE_URL: target_session_attrs must be primary or read-write');
    expect(refused('postgres://u:hunter2@db1:port/essay')).toContain('DATABASE_URL: is not a URL pg can read (Invalid URL)');
  });
});

describe('the generated cookie secret', () => {
  it('is created once in DATA_DIR with mode 600 and reused', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).cookieSecret;
    const file = join(dataDir, 'cookie-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).cookieSecret).toBe(first);
  });

  it('differs between data directories', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).cookieSecret).not.toBe(loadConfig({ DATA_DIR: tempDir() }).cookieSecret);
  });

  it('is not used when COOKIE_SECRET is set', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, COOKIE_SECRET: 'y'.repeat(40) }).cookieSecret).toBe('y'.repeat(40));
  });

  it('refuses a damaged secret file with a way out', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'cookie-secret'), 'short');
    expect(refusal({ DATA_DIR: dataDir })).toMatch(/cookie-secret is shorter than 32 characters\. Delete it/);
  });
});
