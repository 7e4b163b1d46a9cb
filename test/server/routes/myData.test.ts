// "Download my data" and "Delete my data" over HTTP, and the retention purge, on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeIdleStudents, STUDENT_DATA_POLICY } from '../../../src/server/db/studentData.ts';
import { testDatabases } from '../databases.ts';
import { setPlan, startSession, TEST_ORIGIN, type TestApp } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { bodies, post, student } from './aiRequests.ts';

const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });

/** A browser with a saved questionnaire, a supplemental essay, an event, feedback, a discount code and a referral. */
async function busyStudent({ app, database }: TestApp, email: string) {
  const { uid, cookie } = await startSession(app);
  const saved = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: headers(cookie), payload: { document: student.form, baseRevision: 0 } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(150))).statusCode).toBe(200);
  const version = { id: `v-${uid.slice(-12)}`, essayKey: 'personal', at: '2026-03-01T12:00:00.000Z', kind: 'edited', text: `The essay ${email} kept.` };
  const kept = await app.inject({ method: 'POST', url: '/api/essay-versions', headers: headers(cookie), payload: { versions: [version] } });
  expect(kept.statusCode, kept.body).toBe(200);
  const now = new Date();
  const db = database.db;
  await db.insertInto('events').values({ uid, name: 'page_viewed', params: JSON.stringify({ page_path: '/form' }), occurred_at: now, received_at: now }).execute();
  await db.insertInto('feedback').values({ uid, type: 'praise', rating: 5, message: 'Lovely', email, page: '/form', url: '/form', user_agent: 'test' }).execute();
  await db.insertInto('discount_codes').values({ code: `CODE-${uid.slice(-6)}`, email, uid, created_at: now, expires_at: new Date(now.getTime() + 86_400_000), used_at: null, used_by: null }).execute();
  await db.insertInto('referrals').values({ referee_uid: uid, referrer_uid: 'anon_someone_else', referee_email: email, created_at: now, converted_at: null, checkout_id: null }).execute();
  return { uid, cookie };
}

const exportOf = async (app: TestApp['app'], cookie: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: response.json<{ uid: string; tables: Record<string, Array<Record<string, unknown>>> }>() };
};

describe.each(testDatabases)('the student’s own data on $name', (target) => {
  const testApp = useTestApp(target);
  it('downloads, as one JSON file, what the server holds for this browser and nothing of another', async () => {
    const test = testApp();
    const { uid, cookie } = await busyStudent(test, 'maya@example.com');
    await busyStudent(test, 'someone@example.com');
    expect((await setPlan(test.app, uid, 'paid')).statusCode).toBe(200);

    const { response, body } = await exportOf(test.app, cookie);
    expect(response.headers['content-disposition']).toBe('attachment; filename="essay-studio-my-data.json"');
    expect(body.uid).toBe(uid);
    expect(body.tables.forms![0]!.document).toEqual(student.form);
    expect(body.tables.events).toHaveLength(1);
    expect(body.tables.feedback![0]).toMatchObject({ message: 'Lovely', email: 'maya@example.com' });
    expect(body.tables.ai_usage).toHaveLength(1);
    expect(body.tables.essay_versions).toEqual([expect.objectContaining({ uid, essay_key: 'personal', text: 'The essay maya@example.com kept.' })]);
    expect(body.tables.discount_codes![0]).toMatchObject({ email: 'maya@example.com' });
    expect(body.tables.referrals![0]).toMatchObject({ referee_email: 'maya@example.com' });
    expect(body.tables.entitlements![0]).toMatchObject({ uid, plan: 'paid' });
    expect(JSON.stringify(body)).not.toContain('someone@example.com');
  });

  it('deletes only with {confirm: true}, from the app’s own origin, and erases every row but the payment records', async () => {
    const test = testApp();
    const { app, database } = test;
    const { uid, cookie } = await busyStudent(test, 'maya@example.com');
    const other = await busyStudent(test, 'someone@example.com');
    expect((await setPlan(app, uid, 'paid')).statusCode).toBe(200);

    const unconfirmed = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: headers(cookie), payload: { confirm: false } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ code: 'invalid_request' });
    const crossSite = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie, origin: 'https://evil.example' }, payload: { confirm: true } });
    expect(crossSite.statusCode).toBe(403);
    const unknown = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(unknown.statusCode).toBe(401);

    const deleted = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: headers(cookie), payload: { confirm: true } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, kept: [expect.stringContaining('no answers and no e-mail')] });

    // The questionnaire is a tombstone: no document, a newer revision that a stale tab cannot overwrite.
    const form = (await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie } })).json<{ document: unknown; revision: number }>();
    expect(form).toMatchObject({ document: null, revision: 2 });
    const stale = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: headers(cookie), payload: { document: student.form, baseRevision: 1 } });
    expect(stale.statusCode).toBe(409);

    const { body } = await exportOf(app, cookie);
    const versions = await app.inject({ method: 'GET', url: '/api/essay-versions', headers: { cookie } });
    expect(versions.json()).toMatchObject({ versions: [] });
    // A tab that had read versions learns they were erased (not lost), so it drops its copies rather than resending.
    const staleTab = await app.inject({ method: 'GET', url: '/api/essay-versions?since=1000000', headers: { cookie } });
    expect(staleTab.json()).toEqual({ versions: [], revision: 0, more: false, erased: true });
    for (const table of ['essay_versions', 'events', 'funnel_users', 'daily_visitors', 'feedback', 'ai_usage', 'referral_accounts', 'discount_codes', 'referrals']) {
      expect(body.tables[table], table).toEqual([]);
    }
    expect(body.tables.entitlements![0]).toMatchObject({ plan: 'paid' });
    expect(JSON.stringify(body)).not.toContain('maya@example.com');
    const whoami = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } });
    expect(whoami.json()).toMatchObject({ plan: 'paid' });

    // The other browser keeps everything.
    const others = (await exportOf(app, other.cookie)).body;
    expect(others.tables.forms![0]!.document).toEqual(student.form);
    expect(others.tables.feedback).toHaveLength(1);
    expect(others.tables.essay_versions).toHaveLength(1);
    const feedbackLeft = await database.db.selectFrom('feedback').select('uid').execute();
    expect(feedbackLeft).toEqual([{ uid: other.uid }]);
  });

  it('classifies every table the migrations create', async () => {
    const { database } = testApp();
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(database.db);
    expect(rows.map((row) => row.table_name).sort()).toEqual(Object.keys(STUDENT_DATA_POLICY).sort());
  });

  it('the purge erases only the browsers idle past the retention period', async () => {
    const test = testApp();
    const { database } = test;
    const idle = await busyStudent(test, 'idle@example.com');
    const active = await busyStudent(test, 'active@example.com');
    const recentEvent = await busyStudent(test, 'recent@example.com');
    const recentVersion = await busyStudent(test, 'version@example.com');
    const now = new Date();
    const old = new Date(now.getTime() - 200 * 86_400_000);
    await database.db.updateTable('forms').set({ updated_at: old }).where('uid', 'in', [idle.uid, recentEvent.uid, recentVersion.uid]).execute();
    await database.db.updateTable('events').set({ received_at: old }).where('uid', 'in', [idle.uid, recentVersion.uid]).execute();
    await database.db.updateTable('essay_versions').set({ stored_at: old }).where('uid', 'in', [idle.uid, recentEvent.uid]).execute();

    const purged = await purgeIdleStudents(database.db, new Date(now.getTime() - 180 * 86_400_000), now);
    expect(purged).toEqual([idle.uid]);
    const documents = await database.db.selectFrom('forms').select(['uid', 'document']).execute();
    expect(documents.find((row) => row.uid === idle.uid)?.document).toBeNull();
    expect(documents.find((row) => row.uid === active.uid)?.document).toEqual(student.form);
    expect(documents.find((row) => row.uid === recentEvent.uid)?.document).toEqual(student.form);
    expect(documents.find((row) => row.uid === recentVersion.uid)?.document).toEqual(student.form);
    const versionsLeft = await database.db.selectFrom('essay_versions').select('uid').execute();
    expect(versionsLeft.map((row) => row.uid).sort()).toEqual([active.uid, recentEvent.uid, recentVersion.uid].sort());
    expect(await database.db.selectFrom('feedback').select('uid').where('uid', '=', idle.uid).execute()).toEqual([]);
    // A second run finds nothing left to purge.
    expect(await purgeIdleStudents(database.db, new Date(now.getTime() - 180 * 86_400_000), now)).toEqual([]);
  });
});
