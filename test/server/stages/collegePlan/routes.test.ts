// GET and PUT /api/college-plan over HTTP on PGlite and PostgreSQL: revisions and 409 on a stale base, the
// document's limits sent as attacks (each a readable 4xx that stores nothing and loses nothing), and the
// document in "Download my data" and gone after "Delete my data".
import { describe, expect, it } from 'vitest';
import { COLLEGE_PLAN_LIMITS } from '../../../../src/common/collegePlan/limits.ts';
import type { CollegePlan } from '../../../../src/common/collegePlan/schema.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { useRevisionedDocumentRoutes } from '../../revisionedDocumentRoutes.ts';
import { planCollege, planPrompt, planStory, threeColleges } from '../../../fixtures/collegePlans.ts';

const URL = '/api/college-plan';
const L = COLLEGE_PLAN_LIMITS;

describe.each(testDatabases)('/api/college-plan on $name', (target) => {
  const setup = useRevisionedDocumentRoutes(target, URL, new Date('2026-10-20T12:00:00Z'));

  it('answers no document at revision 0 for a new browser', async () => {
    const { get } = await setup();
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ document: null, revision: 0, updatedAt: null });
  });

  it('stores the list as jsonb, cleaned by the contract, and counts revisions', async () => {
    const { get, put, tick, database, uid } = await setup();
    const first = await put(threeColleges(), 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ revision: 1, updatedAt: '2026-10-20T12:00:00.000Z' });
    tick(1000);
    const pasted = threeColleges();
    pasted.colleges[1]!.prompts[0]!.text = 'Why\u202e Rice?\r\n\r\n- Be\u200b specific';
    expect((await put(pasted, 1)).json()).toEqual({ revision: 2, updatedAt: '2026-10-20T12:00:01.000Z' });
    const read = (await get()).json<{ document: CollegePlan; revision: number }>();
    expect(read.revision).toBe(2);
    expect(read.document.colleges[1]!.prompts[0]!.text).toBe('Why Rice?\n\n- Be specific');
    const row = await database.db.selectFrom('college_plans').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(row.document).toEqual(read.document);
  });

  it('refuses a stale write with 409 and the server’s current list, and lets one of two racing writes through', async () => {
    const { get, put } = await setup();
    await put(threeColleges(), 0);
    const fromOtherTab = { ...threeColleges(), stories: [] as CollegePlan['stories'] };
    fromOtherTab.colleges.forEach((college) => college.prompts.forEach((prompt) => { prompt.storyId = null; }));
    expect((await put(fromOtherTab, 1)).statusCode).toBe(200);
    const stale = await put(threeColleges(), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_revision', current: { document: fromOtherTab, revision: 2 } });
    expect((await put(threeColleges(), 0)).statusCode).toBe(409);
    expect((await put(threeColleges(), 9)).statusCode).toBe(409);
    const race = await Promise.all([put(threeColleges(), 2), put(fromOtherTab, 2)]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await get()).json()).toMatchObject({ revision: 3 });
  });

  it('holds the largest list a student can enter within the size limit', async () => {
    const { put } = await setup();
    const colleges = Array.from({ length: L.colleges }, (_, c) => planCollege(`c${c}`, {
      name: 'N'.repeat(L.collegeNameChars),
      prompts: Array.from({ length: L.promptsPerCollege }, (_, p) => planPrompt(`c${c}-p${p}`, { text: 'w'.repeat(1000), sourceKey: `supplemental-${'0'.repeat(16)}` })),
    }));
    const stories = Array.from({ length: L.stories }, (_, s) => planStory(`s${s}`, { title: 'T'.repeat(L.storyTitleChars), summary: 's'.repeat(L.storySummaryChars) }));
    const response = await put({ colleges, stories }, 0);
    expect(response.statusCode, response.body).toBe(200);
  });

  describe('hostile documents: a readable 4xx, nothing stored, nothing lost', () => {
    const attacks: Array<[string, (plan: CollegePlan) => unknown, number, string, RegExp]> = [
      ['a 41st college', (plan) => ({ ...plan, colleges: Array.from({ length: 41 }, (_, c) => planCollege(`c${c}`)) }), 400, 'invalid_request', /^body\.document\.colleges: must hold at most 40 colleges$/],
      ['an 11th prompt', (plan) => ({ ...plan, colleges: [planCollege('c', { prompts: Array.from({ length: 11 }, (_, p) => planPrompt(`p${p}`)) })] }), 400, 'invalid_request', /^body\.document\.colleges\[0\]\.prompts: must hold at most 10 prompts per college$/],
      ['a 1,501-character prompt', (plan) => ({ ...plan, colleges: [planCollege('c', { prompts: [planPrompt('p', { text: 'x'.repeat(1501) })] })] }), 400, 'invalid_request', /^body\.document\.colleges\[0\]\.prompts\[0\]\.text: must be at most 1500 characters long$/],
      ['a deadline in year 0', (plan) => ({ ...plan, colleges: [planCollege('c', { deadline: '0000-01-15' })] }), 400, 'invalid_request', /deadline.*year 0 is not a deadline/],
      ['a deadline in year 10000', (plan) => ({ ...plan, colleges: [planCollege('c', { deadline: '10000-01-15' })] }), 400, 'invalid_request', /deadline.*year 10000 is not a deadline/],
      ['30 February', (plan) => ({ ...plan, colleges: [planCollege('c', { deadline: '2027-02-30' })] }), 400, 'invalid_request', /2027-02-30 does not exist/],
      ['a 61st story', (plan) => ({ ...plan, stories: Array.from({ length: 61 }, (_, s) => planStory(`s${s}`)) }), 400, 'invalid_request', /at most 60 stories/],
      ['a story not in the bank', (plan) => ({ ...plan, colleges: [planCollege('c', { prompts: [planPrompt('p', { storyId: 'ghost' })] })] }), 400, 'invalid_request', /not in the story bank/],
      ['a prompt naming an essay key not a supplemental one', (plan) => ({ ...plan, colleges: [planCollege('c', { prompts: [planPrompt('p', { sourceKey: 'personal' })] })] }), 400, 'invalid_request', /sourceKey: must be a supplemental essay key$/],
      ['a word limit of 24', (plan) => ({ ...plan, colleges: [planCollege('c', { prompts: [planPrompt('p', { wordLimit: 24 })] })] }), 400, 'invalid_request', /at least 25 words/],
      ['an unknown field', (plan) => ({ ...plan, owner: 'someone else' }), 400, 'invalid_request', /owner/],
      ['a NUL in a college name', (plan) => ({ ...plan, colleges: [planCollege('c', { name: 'Ya\u0000le' })] }), 400, 'invalid_text', /^body\.document\.colleges\[0\]\.name: contains a character that cannot be stored/],
      // 40 colleges of 10 full prompts each: every field within its limit, the whole over 512 KB as stored.
      ['a list over 512 KB', () => ({
        colleges: Array.from({ length: L.colleges }, (_, c) => planCollege(`c${c}`, {
          prompts: Array.from({ length: L.promptsPerCollege }, (_, p) => planPrompt(`c${c}-p${p}`, { text: 'w'.repeat(L.promptChars) })),
        })),
        stories: [],
      }), 413, 'college_plan_too_large', /^The college list is too large to save: it takes 643 KB, and the limit is 512 KB\.$/],
      ['a list of 5 MB', () => ({ colleges: [planCollege('c', { name: 'x'.repeat(5 * 1024 * 1024) })], stories: [] }), 413, 'payload_too_large', /^The request body is too large: the limit is 1 MB\.$/],
    ];

    it.each(attacks)('refuses %s', async (_what, attack, status, code, message) => {
      const { put, get } = await setup();
      expect((await put(threeColleges(), 0)).statusCode).toBe(200);
      const before = (await get()).json();
      const response = await put(attack(threeColleges()), 1);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code, error: expect.stringMatching(message) });
      expect((await get()).json()).toEqual(before);
    });

    it('stores nothing when the very first write is refused', async () => {
      const { put, get, database, uid } = await setup();
      const response = await put({ colleges: Array.from({ length: 41 }, (_, c) => planCollege(`c${c}`)), stories: [] }, 0);
      expect(response.statusCode).toBe(400);
      expect((await get()).json()).toEqual({ document: null, revision: 0, updatedAt: null });
      expect(await database.db.selectFrom('college_plans').selectAll().where('uid', '=', uid).execute()).toEqual([]);
    });
  });

  it('keeps every browser to its own list, needs a session and refuses a cross-site write', async () => {
    const { app, put, cookie } = await setup();
    await put(threeColleges(), 0);
    const other = await startSession(app);
    expect((await app.inject({ method: 'GET', url: URL, headers: { cookie: other.cookie } })).json()).toEqual({ document: null, revision: 0, updatedAt: null });
    for (const method of ['GET', 'PUT'] as const) {
      const response = await app.inject({ method, url: URL, headers: { origin: TEST_ORIGIN }, ...(method === 'PUT' ? { payload: { document: threeColleges(), baseRevision: 0 } } : {}) });
      expect(response.statusCode).toBe(401);
    }
    const crossSite = await app.inject({ method: 'PUT', url: URL, headers: { cookie, origin: 'https://evil.example' }, payload: { document: threeColleges(), baseRevision: 1 } });
    expect(crossSite.statusCode).toBe(403);
  });

  it('is in "Download my data", and "Delete my data" empties it while a stale tab’s write still conflicts', async () => {
    const { app, put, get, cookie, headers } = await setup();
    await put(threeColleges(), 0);
    const exported = await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    const tables = exported.json<{ tables: Record<string, Array<{ document: unknown; revision: number }>> }>().tables;
    expect(tables.college_plans).toEqual([expect.objectContaining({ document: (await get()).json<{ document: unknown }>().document, revision: 1 })]);

    const deleted = await app.inject({ method: 'DELETE', url: '/api/my-data', headers, payload: { confirm: true } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // This device keeps its session (every other device of the student is signed out).
    const later = headers;
    expect((await app.inject({ method: 'GET', url: URL, headers: later })).json()).toMatchObject({ document: null, revision: 2 });
    const stale = await app.inject({ method: 'PUT', url: URL, headers: later, payload: { document: threeColleges(), baseRevision: 1 } });
    expect(stale.statusCode).toBe(409);
    const afterwards = await app.inject({ method: 'GET', url: '/api/my-data', headers: later });
    expect(JSON.stringify(afterwards.json())).not.toContain('Tufts University');
  });
});
