// "Download my data" and "Delete my data" over HTTP, on PGlite and PostgreSQL: the export streamed one at a time
// per browser, the erasure, and what devices are told about versions afterwards (the policy itself: studentData.test.ts).
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { myDataExportSchema } from '../../../src/common/contract/contract.ts';
import { EXPORT_RETRY_AFTER_S } from '../../../src/server/routes/myData.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, setPlan, startSession, TEST_ORIGIN, type TestApp } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { bodies, post, student } from './aiRequests.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

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
    // Every other device of the student is signed out (test/server/stages/devices); this one goes on.
    const later = cookie;

    // The questionnaire is a tombstone: no document, a newer revision that a stale tab cannot overwrite.
    const form = (await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: later } })).json<{ document: unknown; revision: number }>();
    expect(form).toMatchObject({ document: null, revision: 2 });
    const stale = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: headers(later), payload: { document: student.form, baseRevision: 1 } });
    expect(stale.statusCode).toBe(409);

    const { body } = await exportOf(app, later);
    const versions = await app.inject({ method: 'GET', url: '/api/essay-versions', headers: { cookie: later } });
    expect(versions.json()).toMatchObject({ versions: [] });
    // A tab that had read versions learns they were erased (not lost), so it drops its copies rather than resending.
    const staleTab = await app.inject({ method: 'GET', url: '/api/essay-versions?since=1000000', headers: { cookie: later } });
    expect(staleTab.json()).toMatchObject({ versions: [], more: false, erased: true });
    for (const table of ['essay_versions', 'events', 'funnel_users', 'daily_visitors', 'feedback', 'ai_usage', 'referral_accounts', 'discount_codes', 'referrals']) {
      expect(body.tables[table], table).toEqual([]);
    }
    expect(body.tables.entitlements![0]).toMatchObject({ plan: 'paid' });
    expect(JSON.stringify(body)).not.toContain('maya@example.com');
    const whoami = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: later } });
    expect(whoami.json()).toMatchObject({ plan: 'paid' });

    // The other browser keeps everything.
    const others = (await exportOf(app, other.cookie)).body;
    expect(others.tables.forms![0]!.document).toEqual(student.form);
    expect(others.tables.feedback).toHaveLength(1);
    expect(others.tables.essay_versions).toHaveLength(1);
    const feedbackLeft = await database.db.selectFrom('feedback').select('uid').execute();
    expect(feedbackLeft).toEqual([{ uid: other.uid }]);
  });

  it('streams one export per browser at a time: a second one meanwhile gets 429 with Retry-After, then it is free again', async () => {
    // An app of its own: it listens on a port and holds an export open, which the shared one should not carry.
    const test = await buildTestApp(target);
    const { app, database } = test;
    const { uid, cookie } = await busyStudent(test, 'maya@example.com');
    const other = await busyStudent(test, 'someone@example.com');
    // More than the sockets between client and server buffer (a few MB), so an export the client does not read
    // stays under way: 400 versions of 20,000 characters that do not compress (8 MB).
    for (let batch = 0; batch < 8; batch += 1) {
      await database.db.insertInto('essay_versions').values(Array.from({ length: 50 }, (_, n) => ({
        uid, id: `big-${batch}-${n}`, essay_key: 'personal', kind: 'edited' as const, text: randomBytes(15_000).toString('base64'), at: new Date(),
      }))).execute();
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const first = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/my-data', headers: { cookie } }, (response) => {
        response.pause();
        resolve(response);
      }).on('error', reject).end();
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_S));
    expect(second.json()).toMatchObject({ code: 'export_in_progress' });
    // Another browser is not held up.
    expect((await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    const chunks: Buffer[] = [];
    first.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => first.once('end', resolve).resume());
    const body = myDataExportSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    expect(body.tables.essay_versions).toHaveLength(401);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } })).statusCode, CONDITION_WAIT).toBe(200);
  });

  it('after "Delete my data", a browser that never saved a questionnaire is told its versions were erased, and its new ones are kept', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const version = (id: string, text: string) => ({ id, essayKey: 'personal', at: '2026-03-01T12:00:00.000Z', kind: 'edited', text });
    const sent = await app.inject({ method: 'POST', url: '/api/essay-versions', headers: headers(cookie), payload: { versions: [version('v-before-erasure', 'Before.')], baseRevision: 0 } });
    expect(sent.statusCode, sent.body).toBe(200);
    const read = (await app.inject({ method: 'GET', url: '/api/essay-versions', headers: { cookie } })).json<{ revision: number }>();
    expect((await app.inject({ method: 'DELETE', url: '/api/my-data', headers: headers(cookie), payload: { confirm: true } })).statusCode).toBe(200);
    const later = cookie;

    const after = (await app.inject({ method: 'GET', url: `/api/essay-versions?since=${read.revision}`, headers: { cookie: later } })).json<{ revision: number; erased?: boolean; versions: unknown[] }>();
    expect(after).toMatchObject({ versions: [], erased: true });
    // A batch based on the read before the deletion holds erased data: refused. One based on the read after is stored.
    const stale = await app.inject({ method: 'POST', url: '/api/essay-versions', headers: headers(later), payload: { versions: [version('v-before-erasure', 'Before.')], baseRevision: read.revision } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'erased' });
    const fresh = await app.inject({ method: 'POST', url: '/api/essay-versions', headers: headers(later), payload: { versions: [version('v-after-erasure', 'After.')], baseRevision: after.revision } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const next = (await app.inject({ method: 'GET', url: `/api/essay-versions?since=${after.revision}`, headers: { cookie: later } })).json<{ versions: Array<{ id: string }>; erased?: boolean }>();
    expect(next.versions.map((stored) => stored.id)).toEqual(['v-after-erasure']);
    expect(next.erased).toBeUndefined();
  });

  it('after "Delete my data", an older client\'s tab re-sending the erased essay without a revision is refused, and the export stays empty', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const saved = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: headers(cookie), payload: { document: student.form, baseRevision: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const erasedEssay = { id: 'v-erased-essay', essayKey: 'personal', at: '2026-03-01T12:00:00.000Z', kind: 'edited', text: 'The essay I erased.' };
    const send = (as: string) => app.inject({ method: 'POST', url: '/api/essay-versions', headers: headers(as), payload: { versions: [erasedEssay] } });
    expect((await send(cookie)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/my-data', headers: headers(cookie), payload: { confirm: true } })).statusCode).toBe(200);
    const later = cookie;
    const resent = await send(later);
    expect(resent.statusCode, resent.body).toBe(409);
    expect(resent.json()).toMatchObject({ code: 'erased' });
    // Nor does the questionnaire come back from a tab that read none of it (revision 0): its row stays, emptied.
    const form = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: headers(later), payload: { document: student.form, baseRevision: 0 } });
    expect(form.statusCode).toBe(409);
    const { body } = await exportOf(app, later);
    expect(body.tables.essay_versions).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('The essay I erased.');
    expect(JSON.stringify(body)).not.toContain(student.form.basicInfo.fullName);
  });
});
