// The daily storage budgets of the student's own writing, attacked through the real routes: one browser stores
// its day's figure, one more byte or row is refused with a readable 429 (Retry-After until midnight UTC) and
// nothing it had is lost; fresh browsers from one network meet the network's figure (STUDENTS_PER_NETWORK
// lowered so a few browsers stand for a school), while another network is not affected.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { EssayVersionRecord } from '../../../src/common/contract/contract.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { EVENTS_BUDGET } from '../../../src/server/stages/analytics/routes.ts';
import { VERSIONS_SAVE_BUDGET } from '../../../src/server/stages/essay/versionRoutes.ts';
import { FEEDBACK_BUDGET } from '../../../src/server/stages/feedback/routes.ts';
import { FORM_SAVE_BUDGET } from '../../../src/server/stages/wizard/routes.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, TEST_ORIGIN } from '../helper.ts';
import { browserOn, expectDailyRefusal, SECONDS_TO_MIDNIGHT, storageOf } from './storageBudgetHelpers.ts';

const NOON = Date.parse('2026-03-02T12:00:00Z');

describe.each(testDatabases)('daily storage budgets of the student\'s writing on $name', (target) => {
  const app = async (env: Record<string, string> = {}) => {
    let now = NOON;
    const built = await buildTestApp(target, { env: { SESSION_LIMIT_PER_IP: '1000', ...env }, clock: () => new Date(now) });
    const send = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, cookie: string, payload?: unknown, remoteAddress = '203.0.113.7') =>
      built.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { ...built, send, later: (ms: number) => (now += ms), secondsToMidnight: () => SECONDS_TO_MIDNIGHT - (now - NOON) / 1000 };
  };

  it('form saves: a browser grows its document by its day\'s figure, not one byte more, and keeps what it saved', async () => {
    const { app: server, database, send } = await app();
    const cookie = await browserOn(server, '203.0.113.7');
    const limit = storageOf(FORM_SAVE_BUDGET).perBrowser.bytes;
    /** The size PostgreSQL gives a document as text, measured apart from the server's own code. */
    const sizeOf = async (document: unknown) => Number((await sql<{ bytes: number }>`select octet_length(cast(${JSON.stringify(document)} as jsonb)::text) as bytes`.execute(database.db)).rows[0]?.bytes);
    const withEssays = (essays: number, text: string): FormDocument => ({
      ...emptyFormDocument(),
      generatedEssay: text,
      supplementalEssays: Array.from({ length: essays }, () => ({ prompt: 'Why us?', wordCount: 300, generatedEssay: 'é'.repeat(5000) })),
    });
    const big = withEssays(20, 'a'.repeat(20_000));
    const bigSize = await sizeOf(big);
    let revision = 0;
    const save = async (document: FormDocument) => {
      const response = await send('PUT', '/api/forms/me', cookie, { document, baseRevision: revision });
      if (response.statusCode === 200) revision = response.json<{ revision: number }>().revision;
      return response;
    };
    const startOver = async () => {
      revision = (await send('DELETE', '/api/forms/me', cookie)).json<{ revision: number }>().revision;
    };
    // Each full document after "Start over" adds its size over the stored `null` (4 bytes).
    let used = 0;
    while (used + bigSize - (used === 0 ? 0 : 4) <= limit) {
      if (used > 0) await startOver();
      expect((await save(big)).statusCode).toBe(200);
      used += bigSize - (used === 0 ? 0 : 4);
    }
    // The rest of the day's figure exactly: whole supplemental essays, then the essay's text.
    await startOver();
    const target = limit - used + 4;
    let essays = 0;
    while (await sizeOf(withEssays(essays + 1, '')) <= target) essays += 1;
    const exact = withEssays(essays, 'a'.repeat(target - (await sizeOf(withEssays(essays, '')))));
    expect(await sizeOf(exact)).toBe(target);
    expect((await save(exact)).statusCode).toBe(200);

    expectDailyRefusal(await save(withEssays(essays, `${exact.generatedEssay}b`)), 'browser');
    expect((await send('GET', '/api/forms/me', cookie)).json<{ document: FormDocument }>().document).toEqual(exact);
    // A save that adds nothing (deleting text) is never refused: the student's edits keep reaching the server.
    expect((await save(withEssays(essays, exact.generatedEssay.slice(1)))).statusCode).toBe(200);
  });

  it('form saves: fresh browsers on one network store the network\'s rows, then another network still saves', async () => {
    const { app: server, send } = await app({ STUDENTS_PER_NETWORK: '2' });
    const rows = storageOf(FORM_SAVE_BUDGET).perBrowser.rows * 2;
    const document = { ...emptyFormDocument(), basicInfo: { fullName: 'Maya', email: '' } };
    const saved: string[] = [];
    for (let index = 0; index < rows; index += 1) {
      const cookie = await browserOn(server, '203.0.113.7');
      expect((await send('PUT', '/api/forms/me', cookie, { document, baseRevision: 0 })).statusCode).toBe(200);
      saved.push(cookie);
    }
    const one = await browserOn(server, '203.0.113.7');
    expectDailyRefusal(await send('PUT', '/api/forms/me', one, { document, baseRevision: 0 }), 'network');
    const elsewhere = await browserOn(server, '198.51.100.4');
    expect((await send('PUT', '/api/forms/me', elsewhere, { document, baseRevision: 0 }, '198.51.100.4')).statusCode).toBe(200);
    for (const cookie of saved) expect((await send('GET', '/api/forms/me', cookie)).json<{ revision: number }>().revision).toBe(1);
  });

  it('essay versions: a browser stores its day\'s rows, the next version waits, and then a classmate\'s meets the network\'s', async () => {
    const { app: server, database, send } = await app({ STUDENTS_PER_NETWORK: '1' });
    const { rows } = storageOf(VERSIONS_SAVE_BUDGET).perBrowser;
    const version = (n: number): EssayVersionRecord => ({
      // Ten essays of at most 50 versions each, so pruning (50 per essay) removes none of them.
      id: `version-${String(n).padStart(5, '0')}`, essayKey: n % 10 === 0 ? 'personal' : `supplemental-${String(n % 10).padStart(16, '0')}`,
      at: new Date(NOON - 1_000_000 + n * 1000).toISOString(), kind: 'edited', text: `Draft ${n}.`,
    });
    const cookie = await browserOn(server, '203.0.113.7');
    for (let n = 0; n < rows; n += 5) {
      expect((await send('POST', '/api/essay-versions', cookie, { versions: [0, 1, 2, 3, 4].map((k) => version(n + k)) })).statusCode).toBe(200);
    }
    expectDailyRefusal(await send('POST', '/api/essay-versions', cookie, { versions: [version(rows)] }), 'browser');
    const kept = await sql<{ count: number }>`select count(*)::int as count from essay_versions`.execute(database.db);
    expect(kept.rows[0]?.count).toBe(rows);
    // With STUDENTS_PER_NETWORK=1 the network's figure is one browser's: a fresh classmate meets it.
    const classmate = await browserOn(server, '203.0.113.7');
    expectDailyRefusal(await send('POST', '/api/essay-versions', classmate, { versions: [version(1)] }), 'network');
  });

  it('analytics events: a browser stores its day\'s rows, and a fresh browser on its network meets the network\'s', async () => {
    const { app: server, database, send } = await app({ STUDENTS_PER_NETWORK: '1' });
    const { rows } = storageOf(EVENTS_BUDGET).perBrowser;
    const batch = Array.from({ length: 100 }, (_, n) => ({ name: 'page_viewed', timestamp: new Date(NOON - n).toISOString(), params: { page_path: '/form' } }));
    const cookie = await browserOn(server, '203.0.113.7');
    for (let sent = 0; sent < rows; sent += batch.length) {
      expect((await send('POST', '/api/events', cookie, { events: batch })).statusCode).toBe(200);
    }
    expectDailyRefusal(await send('POST', '/api/events', cookie, { events: batch.slice(0, 1) }), 'browser');
    const classmate = await browserOn(server, '203.0.113.7');
    expectDailyRefusal(await send('POST', '/api/events', classmate, { events: batch.slice(0, 1) }), 'network');
    const stored = await sql<{ count: number }>`select count(*)::int as count from events`.execute(database.db);
    expect(stored.rows[0]?.count).toBe(rows);
  });

  it('feedback: past its rows of the day a browser waits until midnight UTC, whatever the 10-minute window allows', async () => {
    const { app: server, send, later, secondsToMidnight } = await app({ STUDENTS_PER_NETWORK: '1' });
    const { rows } = storageOf(FEEDBACK_BUDGET).perBrowser;
    const windowMs = FEEDBACK_BUDGET.rate.windowMs;
    const feedback = { type: 'bug', rating: 4, message: 'The save button moved.', email: null, page: 'form', url: '/form', user_agent: 'test' };
    const cookie = await browserOn(server, '203.0.113.7');
    for (let sent = 0; sent < rows; sent += 1) {
      if (sent > 0 && sent % (FEEDBACK_BUDGET.rate.perBrowser ?? 1) === 0) later(windowMs);
      expect((await send('POST', '/api/feedback/submit', cookie, feedback)).statusCode).toBe(200);
    }
    later(windowMs);
    expectDailyRefusal(await send('POST', '/api/feedback/submit', cookie, feedback), 'browser', secondsToMidnight());
    expectDailyRefusal(await send('POST', '/api/feedback/submit', await browserOn(server, '203.0.113.7'), feedback), 'network', secondsToMidnight());
    later(secondsToMidnight() * 1000);
    expect((await send('POST', '/api/feedback/submit', cookie, feedback)).statusCode).toBe(200);
  });
});
