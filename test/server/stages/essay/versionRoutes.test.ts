// Essay versions as their own resource, over HTTP on PGlite and PostgreSQL: append-only per uid, a retry stores
// nothing twice, the newest 50 per essay and 1,000 and 2 MiB per browser kept (pruned on the server), implausible times
// replaced by the receive time, reads from a revision, other browsers' versions out of reach, and hostile
// input answered with a 4xx.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ESSAY_VERSION_KEYS_MAX, ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PAGE_BYTES, ESSAY_VERSIONS_PER_ESSAY, ESSAY_VERSIONS_PER_PAGE,
  ESSAY_VERSIONS_PER_REQUEST, ESSAY_VERSIONS_REQUEST_BYTES,
} from '../../../../src/common/limits/limits.ts';
import type { EssayVersionRecord } from '../../../../src/common/contract/contract.ts';
import {
  ESSAY_VERSION_OVERHEAD_BYTES, ESSAY_VERSIONS_PER_BROWSER, ESSAY_VERSIONS_TOTAL_BYTES, versionSize, versionsWithin,
} from '../../../../src/common/essay/versionPruning.ts';
import { essayVersionRowPages } from '../../../../src/server/stages/essay/versionRepository.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { studentTextLogs } from '../../studentTextLogs.ts';
import { useTestApp } from '../../useTestApp.ts';

const URL = '/api/essay-versions';

const version = (n: number, overrides: Partial<EssayVersionRecord> = {}): EssayVersionRecord => ({
  id: `version-${String(n).padStart(4, '0')}`,
  essayKey: 'personal',
  at: new Date(Date.UTC(2026, 2, 1, 12, 0, n)).toISOString(),
  kind: n % 2 === 0 ? 'generated' : 'edited',
  text: `Draft number ${n} of my essay.`,
  ...overrides,
});

/** Versions in requests cut as a device cuts them: by count, and by bytes. */
function deviceBatches(versions: EssayVersionRecord[]): EssayVersionRecord[][] {
  const batches: EssayVersionRecord[][] = [];
  for (let start = 0; start < versions.length;) {
    const next = versions.slice(start, start + ESSAY_VERSIONS_PER_REQUEST);
    const batch = next.slice(0, versionsWithin(next.map((v) => versionSize(v.text, v.coach)), ESSAY_VERSIONS_REQUEST_BYTES));
    batches.push(batch);
    start += batch.length;
  }
  return batches;
}

/** What a list of versions weighs, as the pages and requests are cut. */
const weight = (versions: ReadonlyArray<{ text: string; coach?: unknown }>): number =>
  versions.reduce((sum, v) => sum + versionSize(v.text, v.coach ?? undefined), 0);

type Page = { versions: Array<EssayVersionRecord & { revision: number }>; revision: number; more: boolean; erased?: boolean };

describe.each(testDatabases)('/api/essay-versions on $name', (target) => {
  let testClock: (() => Date) | undefined; // the one the current test gave setup, else the real clock
  const logs = studentTextLogs(); // no log line holds a version's text
  const testApp = useTestApp(target, { clock: () => testClock?.() ?? new Date(), logs }); // one app, emptied before each test
  const setup = async (clock?: () => Date) => {
    testClock = clock;
    const { app, database } = testApp();
    const student = await startSession(app);
    const send = (cookie: string, versions: unknown, origin: string | null = TEST_ORIGIN) => app.inject({
      method: 'POST', url: URL,
      // Without an Origin, a browser's cross-site request still says so in Sec-Fetch-Site.
      headers: origin === null ? { cookie, 'sec-fetch-site': 'cross-site' } : { cookie, origin },
      payload: { versions },
    });
    const read = async (cookie: string, since = 0): Promise<Page> => {
      const response = await app.inject({ method: 'GET', url: `${URL}?since=${since}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page>();
    };
    /** Every version of the browser, following the pages. */
    const readAll = async (cookie: string) => {
      const all: Page['versions'] = [];
      for (let page = await read(cookie); ; page = await read(cookie, page.revision)) {
        all.push(...page.versions);
        if (!page.more) return { versions: all, revision: page.revision };
      }
    };
    return { app, database, student, send, read, readAll };
  };

  it('stores versions for the session’s uid and reads them back from a revision', async () => {
    const { student, send, read } = await setup();
    expect(await read(student.cookie)).toEqual({ versions: [], revision: 0, more: false });
    const first = await send(student.cookie, [version(1), version(2)]);
    expect(first.statusCode, first.body).toBe(200);
    const page = await read(student.cookie);
    expect(page.versions.map(({ revision: _revision, ...rest }) => rest)).toEqual([version(1), version(2)]);
    expect(page.revision).toBe(Math.max(...page.versions.map((v) => v.revision)));
    expect(await read(student.cookie, page.revision)).toEqual({ versions: [], revision: page.revision, more: false });
    await send(student.cookie, [version(3)]);
    const next = await read(student.cookie, page.revision);
    expect(next.versions.map((v) => v.id)).toEqual(['version-0003']);
    expect(next.revision).toBeGreaterThan(page.revision);
  });

  it('stores a college planner prompt\'s drafts under its id, and refuses a prompt key too long for the shares table', async () => {
    const { student, send, readAll } = await setup();
    const coach = { rulesVersion: 1, comments: [] };
    const kept = [version(1, { essayKey: 'prompt-3f9a0c1d2e4b5a6c' }), version(3, { essayKey: 'coach-prompt-3f9a0c1d2e4b5a6c', kind: 'coach', coach })];
    const stored = await send(student.cookie, kept);
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await readAll(student.cookie)).versions.map((v) => v.essayKey).sort()).toEqual(['coach-prompt-3f9a0c1d2e4b5a6c', 'prompt-3f9a0c1d2e4b5a6c']);
    const tooLong = await send(student.cookie, [version(5, { essayKey: `coach-prompt-${'a'.repeat(28)}`, kind: 'coach', coach })]);
    expect(tooLong.statusCode).toBe(400);
  });

  it('stores a retried or doubled upload once, and never replaces a stored version', async () => {
    const { student, send, readAll } = await setup();
    expect((await send(student.cookie, [version(1)])).statusCode).toBe(200);
    // The same batch again (a retry after a lost answer), and two tabs sending at once.
    const results = await Promise.all([send(student.cookie, [version(1), version(2)]), send(student.cookie, [version(2), version(3)])]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    // An id already stored with other content (never made by a device: ids come from the version) changes nothing.
    expect((await send(student.cookie, [version(1, { text: 'Overwritten?' })])).statusCode).toBe(200);
    const { versions } = await readAll(student.cookie);
    expect(versions.map((v) => v.id).sort()).toEqual(['version-0001', 'version-0002', 'version-0003']);
    expect(versions.find((v) => v.id === 'version-0001')?.text).toBe(version(1).text);
  });

  it('keeps the newest 50 per essay, pruning the oldest on the server, even with writers racing', async () => {
    // One receive time for the racing batches, so the versions' own times rank them; later sends come later.
    let now = new Date('2026-03-01T13:00:00.000Z');
    const { student, send, read, readAll, database } = await setup(() => now);
    const personal = Array.from({ length: 60 }, (_, n) => version(n + 1));
    const supplemental = Array.from({ length: 3 }, (_, n) => version(100 + n, { essayKey: 'supplemental-0123456789abcdef' }));
    // Every batch at once, so the pruning of one writer races the inserts of another.
    const size = ESSAY_VERSIONS_PER_REQUEST;
    const batches = Array.from({ length: personal.length / size }, (_, n) => personal.slice(n * size, n * size + size));
    const results = await Promise.all([...batches.map((batch) => send(student.cookie, batch)), send(student.cookie, supplemental)]);
    expect(results.map((result) => result.statusCode)).toEqual(Array(batches.length + 1).fill(200));
    // 53 versions are more than a page: read on from each page's revision.
    const firstPage = await read(student.cookie);
    expect(firstPage.versions).toHaveLength(ESSAY_VERSIONS_PER_PAGE);
    expect(firstPage.more).toBe(true);
    const { versions } = await readAll(student.cookie);
    const kept = versions.filter((v) => v.essayKey === 'personal').map((v) => v.id).sort();
    expect(kept).toHaveLength(ESSAY_VERSIONS_PER_ESSAY);
    expect(kept).toEqual(personal.slice(10).map((v) => v.id).sort());
    expect(versions.filter((v) => v.essayKey !== 'personal')).toHaveLength(3);
    // An old version arriving late (a device long offline) ranks by when it arrived: it stays, and the one
    // received earliest goes (the server's clock ranks versions, never a device's).
    now = new Date('2026-03-01T13:05:00.000Z');
    expect((await send(student.cookie, [version(0, { id: 'late-version-0' })])).statusCode).toBe(200);
    const rows = await database.db.selectFrom('essay_versions').select('id').where('essay_key', '=', 'personal').execute();
    expect(rows).toHaveLength(ESSAY_VERSIONS_PER_ESSAY);
    expect(rows.map((row) => row.id)).toContain('late-version-0');
    expect(rows.map((row) => row.id)).not.toContain(personal[10]!.id);
  });

  it('keeps a hostile browser within 2 MiB of versions, its newest and newest generated always kept', async () => {
    let now = new Date('2026-03-01T12:00:00.000Z');
    const { student, send, read, database } = await setup(() => now);
    // 20,000 emoji are 80 KB of UTF-8: 35 such versions over three essays are 2.8 MB.
    const large = (n: number, essayKey: string, kind: EssayVersionRecord['kind'] = 'edited') =>
      version(n, { essayKey, kind, id: `large-${String(n).padStart(4, '0')}`, text: `${n} ${'😀'.repeat(ESSAY_VERSION_MAX_CHARS - 1 - String(n).length)}` });
    const keys = ['personal', 'supplemental-0123456789abcdef', 'supplemental-fedcba9876543210'];
    const generated = large(0, 'personal', 'generated');
    expect((await send(student.cookie, [generated])).statusCode).toBe(200);
    const versions = Array.from({ length: 35 }, (_, i) => large(i + 1, keys[(i + 1) % 3]!));
    for (const batch of deviceBatches(versions)) {
      now = new Date(now.getTime() + 60_000);
      expect((await send(student.cookie, batch)).statusCode).toBe(200);
    }
    const stored = await database.db.selectFrom('essay_versions')
      .select(['id', 'essay_key', sql<number>`octet_length(text)`.as('bytes')]).execute();
    const total = stored.reduce((sum, row) => sum + Number(row.bytes) + ESSAY_VERSION_OVERHEAD_BYTES, 0);
    expect(total).toBeLessThanOrEqual(ESSAY_VERSIONS_TOTAL_BYTES);
    expect(total).toBeGreaterThan(ESSAY_VERSIONS_TOTAL_BYTES - 2 * 80_000);
    const ids = stored.map((row) => row.id);
    // The newest of each essay, and the personal statement's only generated version, stayed.
    expect(ids).toEqual(expect.arrayContaining(['large-0033', 'large-0034', 'large-0035', generated.id]));
    // The oldest edits went first.
    expect(ids).not.toContain('large-0001');
    expect((await read(student.cookie)).versions.length).toBeGreaterThan(0);
  }, 60_000);

  it('answers pages, and exports, of at most ESSAY_VERSIONS_PAGE_BYTES, and refuses a request over its bytes', async () => {
    const { student, send, read, readAll, database } = await setup();
    // Emoji (80 KB a version), plain letters (20 KB) and a few words, mixed.
    const texts = [`😀${'😀'.repeat(ESSAY_VERSION_MAX_CHARS - 1)}`, 'a'.repeat(ESSAY_VERSION_MAX_CHARS), 'A few words.'];
    const versions = Array.from({ length: 30 }, (_, n) => version(n, { id: `sized-${String(n).padStart(4, '0')}`, text: [...`${n}${texts[n % 3]!}`].slice(0, ESSAY_VERSION_MAX_CHARS).join('') }));
    const tooHeavy = Array.from({ length: 4 }, (_, n) => version(100 + n, { text: texts[0]! }));
    const refused = await send(student.cookie, tooHeavy);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(`body.versions: must weigh at most ${ESSAY_VERSIONS_REQUEST_BYTES / 1024} KB together (a single version may weigh more)`);
    for (const batch of deviceBatches(versions)) {
      expect(weight(batch) <= ESSAY_VERSIONS_REQUEST_BYTES || batch.length === 1).toBe(true);
      expect((await send(student.cookie, batch)).statusCode).toBe(200);
    }
    const pages: Page[] = [];
    for (let page = await read(student.cookie); ; page = await read(student.cookie, page.revision)) {
      pages.push(page);
      if (!page.more) break;
    }
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(weight(page.versions) <= ESSAY_VERSIONS_PAGE_BYTES || page.versions.length === 1).toBe(true);
    expect(pages.flatMap((page) => page.versions.map((v) => v.id))).toEqual((await readAll(student.cookie)).versions.map((v) => v.id));
    expect(pages.flatMap((page) => page.versions.map((v) => v.id)).sort()).toEqual(versions.map((v) => v.id).sort());
    const exported: Array<Array<Record<string, unknown>>> = [];
    for await (const rows of essayVersionRowPages(database.db, student.uid, 0)) exported.push(rows);
    for (const rows of exported) {
      const bytes = weight(rows.map((row) => ({ text: String(row.text), coach: row.coach ?? undefined })));
      expect(bytes <= ESSAY_VERSIONS_PAGE_BYTES || rows.length === 1).toBe(true);
    }
    expect(exported.flat().map((row) => row.id)).toEqual(pages.flatMap((page) => page.versions.map((v) => v.id)));
  });

  it('keeps at most 1,000 tiny versions a browser, over the most essays it may have: the oldest received go', async () => {
    let now = new Date('2026-03-01T12:00:00.000Z');
    const { student, send, database } = await setup(() => now);
    const keys = ['personal', ...Array.from({ length: ESSAY_VERSION_KEYS_MAX - 1 }, (_, n) => `supplemental-${n.toString(16).padStart(16, '0')}`)];
    // All edited, so only each essay's newest is kept whatever it is (a generated one is kept as well).
    const tiny = (n: number) => version(n, { id: `tiny-${String(n).padStart(5, '0')}`, essayKey: keys[n % keys.length]!, text: 'x', kind: 'edited' });
    // The browser already holds 1,000 (stored as the route stores them, a second apart, to save 200 requests).
    await database.db.insertInto('essay_versions').values(Array.from({ length: ESSAY_VERSIONS_PER_BROWSER }, (_, n) => {
      const { id, essayKey, kind, text, at } = tiny(n);
      return { uid: student.uid, id, essay_key: essayKey, kind: kind === 'coach' ? 'edited' as const : kind, text, at: new Date(at), stored_at: new Date(now.getTime() - (ESSAY_VERSIONS_PER_BROWSER - n) * 1000) };
    })).execute();
    for (let n = ESSAY_VERSIONS_PER_BROWSER; n < ESSAY_VERSIONS_PER_BROWSER + 25; n += ESSAY_VERSIONS_PER_REQUEST) {
      now = new Date(now.getTime() + 1000);
      expect((await send(student.cookie, Array.from({ length: ESSAY_VERSIONS_PER_REQUEST }, (_, i) => tiny(n + i)))).statusCode).toBe(200);
    }
    const ids = (await database.db.selectFrom('essay_versions').select('id').execute()).map((row) => row.id).sort();
    expect(ids).toHaveLength(ESSAY_VERSIONS_PER_BROWSER);
    expect(ids[0]).toBe('tiny-00025');
    expect(ids.at(-1)).toBe(`tiny-0${ESSAY_VERSIONS_PER_BROWSER + 24}`);
  });

  it('stores a version whose time is implausible (a wrong clock, year 0000 or 9999) with the time it was received', async () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    const { student, send, readAll } = await setup(() => now);
    const times = {
      'year-0000': '0000-01-01T00:00:00+05:30',
      'year-9999': '9999-12-31T23:59:59-05:00',
      'before-2020': '2019-12-31T23:59:59.999Z',
      'two-days-ahead': '2026-03-03T12:00:00.000Z',
      'offset-0530': '2026-03-01T17:00:00+05:30',
      'a-day-ahead': '2026-03-02T12:00:00.000Z',
    };
    const sent = Object.entries(times).map(([name, at], n) => version(n, { id: `time-${name}`, at }));
    for (let start = 0; start < sent.length; start += ESSAY_VERSIONS_PER_REQUEST) {
      const response = await send(student.cookie, sent.slice(start, start + ESSAY_VERSIONS_PER_REQUEST));
      expect(response.statusCode, response.body).toBe(200);
    }
    const read = Object.fromEntries((await readAll(student.cookie)).versions.map((v) => [v.id.replace('time-', ''), v.at]));
    expect(read).toEqual({
      'year-0000': now.toISOString(),
      'year-9999': now.toISOString(),
      'before-2020': now.toISOString(),
      'two-days-ahead': now.toISOString(),
      // A plausible time with an offset is the same instant on either database.
      'offset-0530': '2026-03-01T11:30:00.000Z',
      'a-day-ahead': '2026-03-02T12:00:00.000Z',
    });
  });

  it('tells a device that read further than the store holds to read from the start, or that the store lost everything', async () => {
    const { app, student, send, read } = await setup();
    await send(student.cookie, [version(1)]);
    const ahead = await read(student.cookie, 1_000_000);
    expect(ahead.versions.map((v) => v.id)).toEqual(['version-0001']);
    expect(ahead.erased).toBeUndefined();
    // A browser with nothing stored (a database started afresh): not erased, so the device sends its own again.
    const fresh = await startSession(app);
    expect(await read(fresh.cookie, 42)).toEqual({ versions: [], revision: 0, more: false, erased: false });
    expect(await read(fresh.cookie, 0)).toEqual({ versions: [], revision: 0, more: false });
  });

  it('keeps a coach revision with its rules version and model questions, weighed as the device weighs it', async () => {
    const { student, send, read, database } = await setup();
    const coach = { rulesVersion: 1, comments: [{ paragraph: 0, kind: 'specificity' as const, quote: 'my uncle’s shop', question: 'What did the shop smell like?' }] };
    const revision = version(1, { essayKey: 'coach-personal', kind: 'coach', text: 'I worked in my uncle’s shop.', coach });
    const supplemental = version(2, { essayKey: 'coach-supplemental-0123456789abcdef', kind: 'coach', text: 'Why us: the lab.', coach: { rulesVersion: 1, comments: [] } });
    expect((await send(student.cookie, [revision, supplemental])).statusCode).toBe(200);
    const { versions } = await read(student.cookie);
    expect(versions.map(({ revision: _revision, ...stored }) => stored)).toEqual([revision, supplemental]);
    // Stored as the column's constraint allows (see migration 009), its coach data counted in its size.
    const [row] = await database.db.selectFrom('essay_versions').select(['kind', 'coach', sql<number>`octet_length(text) + octet_length(coach::text)`.as('bytes')])
      .where('id', '=', revision.id).execute();
    expect(row).toMatchObject({ kind: 'edited', coach });
    expect(Number(row!.bytes) + ESSAY_VERSION_OVERHEAD_BYTES).toBe(versionSize(revision.text, coach));
    // The database holds the rule too: coach data only under coach- keys.
    await expect(database.db.insertInto('essay_versions').values({
      uid: student.uid, id: 'forged-0001', essay_key: 'personal', kind: 'edited', text: 'x', at: new Date(), coach: sql`cast('{}' as jsonb)`,
    }).execute()).rejects.toThrow();
  });

  it('refuses a coach revision that breaks the rule: its kind, its key and its coach data go together', async () => {
    const { student, send } = await setup();
    const coach = { rulesVersion: 1, comments: [] };
    const question = { paragraph: 0, kind: 'voice', quote: 'mine', question: 'Why?' };
    for (const bad of [
      version(1, { essayKey: 'coach-personal', kind: 'edited', coach }),
      version(1, { essayKey: 'coach-personal', kind: 'coach' }),
      version(1, { essayKey: 'personal', kind: 'coach', coach }),
      version(1, { essayKey: 'personal', kind: 'edited', coach }),
      version(1, { essayKey: 'coach-personal', kind: 'coach', coach: { rulesVersion: 0, comments: [] } }),
      version(1, { essayKey: 'coach-personal', kind: 'coach', coach: { rulesVersion: 1, comments: Array.from({ length: 13 }, () => question) } as never }),
      version(1, { essayKey: 'coach-personal', kind: 'coach', coach: { rulesVersion: 1, comments: [{ ...question, question: 'Rewrite it.' }] } as never }),
      version(1, { essayKey: 'coach-essay', kind: 'coach', coach }),
    ]) {
      const response = await send(student.cookie, [bad]);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('gives another browser nothing of this one’s versions', async () => {
    const { app, student, send, read } = await setup();
    await send(student.cookie, [version(1)]);
    const other = await startSession(app);
    expect(await read(other.cookie)).toEqual({ versions: [], revision: 0, more: false });
    // Even sending the same ids: the other browser gets its own rows, this one's stay as they were.
    await send(other.cookie, [version(1, { text: 'Another student’s text.' })]);
    expect((await read(student.cookie)).versions.map((v) => v.text)).toEqual([version(1).text]);
    expect((await read(other.cookie)).versions.map((v) => v.text)).toEqual(['Another student’s text.']);
    const anonymous = await app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers hostile input with a 4xx naming the problem, never a 5xx', async () => {
    const { app, student, send, readAll, database } = await setup();
    const expectRefused = async (response: Awaited<ReturnType<typeof send>>, status: number, code?: string) => {
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<{ error: string; code: string }>();
      expect(body.error).toEqual(expect.any(String));
      if (code !== undefined) expect(body.code).toBe(code);
    };
    await expectRefused(await send(student.cookie, [version(1)], null), 403, 'cross_site');
    await expectRefused(await send(student.cookie, [version(1)], 'https://evil.example'), 403, 'cross_site');
    await expectRefused(await send(student.cookie, [version(1, { text: 'x'.repeat(ESSAY_VERSION_MAX_CHARS + 1) })]), 400, 'invalid_request');
    // At the limit in code points (emoji are two UTF-16 units each) it is stored.
    expect((await send(student.cookie, [version(2, { text: '😀'.repeat(ESSAY_VERSION_MAX_CHARS) })])).statusCode).toBe(200);
    await expectRefused(await send(student.cookie, Array.from({ length: ESSAY_VERSIONS_PER_REQUEST + 1 }, (_, n) => version(n + 10))), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, []), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { text: '   ' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { id: 'short' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { id: '../../etc/passwd' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { essayKey: 'supplemental-XYZ' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { at: '2026-13-45T99:99:99Z' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { at: 'yesterday' })]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [{ ...version(3), extra: true }]), 400, 'invalid_request');
    await expectRefused(await send(student.cookie, [version(3, { text: 'bad \u0000 byte' })]), 400);
    await expectRefused(await send(student.cookie, [version(3, { text: 'half \uD83D emoji' })]), 400);
    const badSince = await app.inject({ method: 'GET', url: `${URL}?since=-1`, headers: { cookie: student.cookie } });
    expect(badSince.statusCode).toBe(400);
    const hugeSince = await app.inject({ method: 'GET', url: `${URL}?since=1e40`, headers: { cookie: student.cookie } });
    expect(hugeSince.statusCode).toBe(400);
    // Past what the revision column holds (2^31 − 1): a readable 400, not the database's overflow.
    const pastInt4 = await app.inject({ method: 'GET', url: `${URL}?since=${2 ** 31}`, headers: { cookie: student.cookie } });
    expect(pastInt4.statusCode, pastInt4.body).toBe(400);
    const atInt4 = await app.inject({ method: 'GET', url: `${URL}?since=${2 ** 31 - 1}`, headers: { cookie: student.cookie } });
    expect(atInt4.statusCode, atInt4.body).toBe(200);
    // The same bound for the revision a batch is based on: past it a 400, at it the batch is stored.
    const base = (baseRevision: number) => app.inject({
      method: 'POST', url: URL, headers: { cookie: student.cookie, origin: TEST_ORIGIN }, payload: { versions: [version(4)], baseRevision },
    });
    await expectRefused(await base(2 ** 31), 400, 'invalid_request');
    await expectRefused(await base(2 ** 53), 400, 'invalid_request');
    expect((await base(2 ** 31 - 1)).statusCode).toBe(200);
    // Versions of more essays than a browser can have are refused once the cap is reached.
    const keys = Array.from({ length: ESSAY_VERSION_KEYS_MAX }, (_, n) => `supplemental-${n.toString(16).padStart(16, '0')}`);
    // All but the last two stored as the route stores them (hundreds of requests would meet the rate limit).
    await database.db.insertInto('essay_versions').values(keys.slice(0, -2).map((essayKey, n) => {
      const { id, at, text } = version(1000 + n, { essayKey, id: `k-${essayKey.slice(-12)}` });
      return { uid: student.uid, id, essay_key: essayKey, kind: 'edited' as const, text, at: new Date(at), stored_at: new Date(at) };
    })).execute();
    expect((await send(student.cookie, [version(4999, { essayKey: keys.at(-2)! })])).statusCode).toBe(200);
    // The personal statement, 100 supplemental essays and a full college list's prompts: one more is too many.
    await expectRefused(await send(student.cookie, [version(5000, { essayKey: keys.at(-1)! })]), 409, 'too_many_essays');
    expect((await readAll(student.cookie)).versions.map((v) => v.text)).not.toContain('x'.repeat(ESSAY_VERSION_MAX_CHARS + 1));
  });
});
