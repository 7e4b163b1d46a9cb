// The AI gate through the real routes: per-browser and per-IP limits per window, and the server-wide daily cap.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildApp } from '../../../src/server/app.ts';
import { buildTestApp, startSession } from '../helper.ts';
import { bodies, post } from '../routes/aiRequests.ts';

const topics = '/api/topic-suggestions';

describe.each(testDatabases)('AI rate limits on $name', (target) => {
  it('limits one browser per window, whatever its address', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildTestApp(target, { env: { AI_RATE_LIMIT_PER_BROWSER: '2' }, clock: () => new Date(now) });
    const { cookie } = await startSession(app);
    for (const remoteAddress of ['10.0.0.1', '10.0.0.2']) {
      expect((await app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress: '10.0.0.3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'You are asking for a lot of writing very quickly. Please wait a minute and try again.', code: 'ai_too_fast',
    });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    now += 60_000;
    expect((await post(app, topics, cookie, bodies.topics())).statusCode).toBe(200);
  });

  it('limits one network however many fresh browsers it opens', async () => {
    const { app } = await buildTestApp(target, { env: { AI_RATE_LIMIT_PER_IP: '3' } });
    for (let i = 0; i < 3; i += 1) {
      const { cookie } = await startSession(app);
      expect((await post(app, topics, cookie, bodies.topics())).statusCode).toBe(200);
    }
    const { cookie } = await startSession(app);
    expect((await post(app, topics, cookie, bodies.topics())).json().code).toBe('ai_too_fast');
    const elsewhere = await app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress: '10.9.9.9' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stops every browser at the daily cap until the next UTC day', async () => {
    let now = new Date('2026-03-01T23:59:00Z');
    const { app } = await buildTestApp(target, { env: { AI_DAILY_CAP: '2' }, clock: () => now });
    for (let i = 0; i < 2; i += 1) {
      const { cookie } = await startSession(app);
      const remoteAddress = `10.0.1.${i}`;
      expect((await app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress })).statusCode).toBe(200);
    }
    const { cookie } = await startSession(app);
    const capped = await app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress: '10.0.2.1' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      error: 'Essay Studio has written as much as it can for today. Please come back tomorrow.', code: 'ai_daily_cap',
    });
    expect(capped.headers['retry-after']).toBe('60');
    now = new Date('2026-03-02T00:00:00Z');
    expect((await post(app, topics, cookie, bodies.topics())).statusCode).toBe(200);
  });

  it('counts an IPv6 network by its /64, so fresh addresses in it share one allowance', async () => {
    const { app } = await buildTestApp(target, { env: { AI_RATE_LIMIT_PER_IP: '2' } });
    const fromAddress = async (remoteAddress: string) => {
      const { cookie } = await startSession(app);
      return app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress });
    };
    expect((await fromAddress('2001:db8:5:6::1')).statusCode).toBe(200);
    expect((await fromAddress('2001:db8:5:6:dead:beef:0:1')).statusCode).toBe(200);
    expect((await fromAddress('2001:db8:5:6:ffff::2')).json().code).toBe('ai_too_fast');
    expect((await fromAddress('2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('gives each network a daily budget, in the database, whatever the window allows', async () => {
    let now = new Date('2026-03-01T23:58:00Z');
    // No paid reserve: the network's whole budget, free calls included (paidReserve.test.ts holds the reserve).
    const { app, database } = await buildTestApp(target, { env: { AI_DAILY_BUDGET_PER_IP: '3', AI_PAID_RESERVE_PERCENT: '0' }, clock: () => now });
    const fromNetwork = async (remoteAddress: string) => {
      const { cookie } = await startSession(app);
      return app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress });
    };
    for (let i = 0; i < 3; i += 1) expect((await fromNetwork(`2001:db8:9:9::${i + 1}`)).statusCode).toBe(200);
    const refused = await fromNetwork('2001:db8:9:9::99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Essay Studio has written as much as it can for your network today. Please come back tomorrow.',
      code: 'ai_network_daily_budget',
    });
    expect(refused.headers['retry-after']).toBe('120');
    // Other networks are untouched, and the refused network did not use up the server-wide cap.
    expect((await fromNetwork('198.51.100.4')).statusCode).toBe(200);
    const rows = await database.db.selectFrom('ai_usage').select(['key', 'count']).execute();
    expect(rows.find((row) => row.key === 'all')?.count).toBe(4);
    // The counter is keyed by a hash: no address is stored readable.
    expect(rows.map((row) => row.key).join(' ')).not.toMatch(/2001|198\.51/);
    now = new Date('2026-03-02T00:00:00Z');
    expect((await fromNetwork('2001:db8:9:9::5')).statusCode).toBe(200);
  });

  it('shares the daily budget between instances through the database', async () => {
    const first = await buildTestApp(target, { env: { AI_DAILY_BUDGET_PER_IP: '2', AI_PAID_RESERVE_PERCENT: '0' } });
    for (let i = 0; i < 2; i += 1) {
      const { cookie } = await startSession(first.app);
      expect((await first.app.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    }
    const second = await buildApp({ config: first.config, db: first.database });
    const { cookie } = await startSession(second);
    const refused = await second.inject({ method: 'POST', url: topics, headers: { cookie }, payload: bodies.topics(), remoteAddress: '203.0.113.9' });
    expect(refused.json().code).toBe('ai_network_daily_budget');
  });
});
