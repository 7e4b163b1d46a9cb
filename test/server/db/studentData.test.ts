// The per-table policy of a student's data, checked against the migrated schema and against what "Delete my
// data" and the retention purge really leave: every column that names a browser or holds an e-mail is
// classified; after an erasure no row of the browser holds an e-mail, nothing erasable is left, the money
// records stay, and another browser's rows are untouched; the purge does the same to every idle browser,
// questionnaire or not, finishes an erasure cut short, and expires tombstones.
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { saveEssayVersions } from '../../../src/server/stages/essay/versionRepository.ts';
import { purgeIdleStudents } from '../../../src/server/db/retentionPurge.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import type { TablePolicy } from '../../../src/server/db/studentData.ts';
import { studentData } from '../../../src/server/stages.ts';
import { eraseStudentData } from '../../../src/server/db/studentErase.ts';
import { writeTombstone } from '../../../src/server/db/tombstones.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { ageBrowser, seedBrowser } from './studentRows.ts';

type Db = Kysely<Database>;
const POLICIES: Record<string, TablePolicy> = studentData.policy;
/** Column names that may name a browser or hold an address: each must be classified. */
const LOOKS_IDENTIFYING = /uid|email|_by$|reference_id|^key$/;
const DAY_MS = 86_400_000;
/** Tables of one document per browser, emptied by an erasure and deleted when its tombstone expires. */
const DOCUMENT_TABLES = ['forms', 'college_plans'];

const valueIn = (column: string, uid: string): string => (column === 'key' ? `supplemental:${uid}` : uid);

/** The rows of each table that name `uid` in any of its uid columns, with their e-mail columns. */
async function rowsNaming(db: Db, uid: string): Promise<Record<string, Array<Record<string, unknown>>>> {
  const found: Record<string, Array<Record<string, unknown>>> = {};
  for (const [table, policy] of Object.entries(POLICIES)) {
    if (!policy.uids) continue;
    const names = sql.join(policy.uids.map((column) => sql`${sql.ref(column)} = ${valueIn(column, uid)}`), sql` or `);
    const emails = policy.emails ?? [];
    const select = emails.length === 0 ? sql`1 as one` : sql.join(emails.map((column) => sql.ref(column)));
    found[table] = (await sql<Record<string, unknown>>`select ${select} from ${sql.table(table)} where ${names}`.execute(db)).rows;
  }
  return found;
}

/** What an erasure must leave of a browser seeded by seedBrowser, given what it held before. */
async function expectErased(db: Db, uid: string, before: Record<string, unknown[]>): Promise<void> {
  const after = await rowsNaming(db, uid);
  for (const [table, policy] of Object.entries(POLICIES)) {
    const rows = after[table] ?? [];
    // The form's and the college list's rows stay, emptied, as their own tombstones (checked below).
    if (policy.rows === 'erase' && !DOCUMENT_TABLES.includes(table)) expect(rows, table).toEqual([]);
    if (policy.rows === 'keep') expect(rows.length, table).toBe(before[table]?.length);
    if (policy.rows === 'tombstone') expect(rows, table).toHaveLength(1);
    // No row that still names the browser holds an e-mail address.
    for (const row of rows) for (const column of policy.emails ?? []) expect(row[column] ?? '', `${table}.${column}`).toBe('');
  }
  const form = await db.selectFrom('forms').select('document').where('uid', '=', uid).executeTakeFirst();
  expect(form === undefined || form.document === null, 'the form holds no document').toBe(true);
  const colleges = await db.selectFrom('college_plans').select('document').where('uid', '=', uid).executeTakeFirst();
  expect(colleges === undefined || colleges.document === null, 'the college list holds no document').toBe(true);
  // What erasing keeps: the used code (the discount on a receipt), no unused one, no referral account.
  expect(await db.selectFrom('discount_codes').select(['used_at', 'email']).where('uid', '=', uid).execute())
    .toEqual([{ used_at: expect.any(Date), email: '' }]);
  expect(after.referral_accounts).toEqual([]);
  expect(await db.selectFrom('entitlements').select('plan').where('uid', '=', uid).execute()).toEqual([{ plan: 'paid' }]);
}

describe.each(testDatabases)('the policy of a student’s data on $name', (target) => {
  it('classifies every table, and every column that names a browser or holds an e-mail', async () => {
    const { database } = await buildTestApp(target);
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(database.db);
    expect([...new Set(rows.map((row) => row.table_name))].sort()).toEqual(Object.keys(POLICIES).sort());
    for (const { table_name: table, column_name: column } of rows) {
      if (!LOOKS_IDENTIFYING.test(column)) continue;
      const policy = POLICIES[table];
      const named = [...(policy?.uids ?? []), ...(policy?.emails ?? []), ...Object.keys(policy?.notBrowser ?? {})];
      expect(named, `${table}.${column} has no policy`).toContain(column);
    }
    for (const [table, policy] of Object.entries(POLICIES)) {
      for (const column of [...(policy.uids ?? []), ...(policy.emails ?? [])]) {
        expect(rows, `${table}.${column} exists`).toContainEqual({ table_name: table, column_name: column });
      }
    }
  });

  it('"Delete my data" keeps only money records, without e-mail, and leaves every other browser’s rows as they were', async () => {
    const { database: { db } } = await buildTestApp(target);
    const now = new Date();
    const maya = await seedBrowser(db, 'anon_maya0000000001', 'maya@example.com', now);
    const theo = await seedBrowser(db, 'anon_theo0000000002', 'theo@example.com', now);
    // They touch: each referred the other (Maya's referral earned Theo a credit), Theo paid Maya's second
    // checkout, and Theo asked for a code with Maya's address.
    await db.insertInto('referrals').values([
      { referee_uid: maya.uid, referrer_uid: theo.uid, referee_email: maya.email, created_at: now, converted_at: now, checkout_id: 'cs-maya-2' },
      { referee_uid: theo.uid, referrer_uid: maya.uid, referee_email: theo.email, created_at: now, converted_at: null, checkout_id: null },
    ]).execute();
    await db.insertInto('checkout_sessions').values({
      id: 'cs-maya-2', provider: 'local', provider_session_id: 'ps-maya-2', uid: maya.uid, amount_cents: 4900, discount_code: null,
      status: 'paid', url: null, payment_intent: 'pi-maya-2', completed_by: theo.uid, created_at: now, expires_at: now, paid_at: now,
    }).execute();
    await db.insertInto('discount_codes').values({ code: 'THEO-FOR-MAYA', email: maya.email, uid: theo.uid, created_at: now, expires_at: now, used_at: null, used_by: null }).execute();
    const mayaBefore = await rowsNaming(db, maya.uid);
    const theoBefore = await rowsNaming(db, theo.uid);

    await eraseStudentData(db, studentData, maya.uid, now);

    await expectErased(db, maya.uid, mayaBefore);
    // Maya's credited referral stays (a refund must reverse Theo's credit), without her address.
    expect(await db.selectFrom('referrals').select(['referrer_uid', 'referee_email', 'checkout_id']).where('referee_uid', '=', maya.uid).execute())
      .toEqual([{ referrer_uid: theo.uid, referee_email: '', checkout_id: 'cs-maya-2' }]);
    // Theo's own referral stays his, without Maya's uid.
    expect(await db.selectFrom('referrals').select(['referrer_uid', 'referee_email']).where('referee_uid', '=', theo.uid).execute())
      .toEqual([{ referrer_uid: '', referee_email: theo.email }]);
    const theoAfter = await rowsNaming(db, theo.uid);
    // Every other table is exactly as it was for Theo (the referrals are checked above).
    for (const table of Object.keys(theoBefore)) if (table !== 'referrals') expect(theoAfter[table], table).toEqual(theoBefore[table]);
    expect(await db.selectFrom('discount_codes').select('email').where('code', '=', 'THEO-FOR-MAYA').execute()).toEqual([{ email: maya.email }]);
  });

  it('the purge erases every idle browser, questionnaire or not, Start over or not, and no active one', async () => {
    const { database: { db } } = await buildTestApp(target);
    const now = new Date();
    const old = new Date(now.getTime() - 200 * DAY_MS);
    const noQuestionnaire = await seedBrowser(db, 'anon_never000000001', 'never@example.com', old, { questionnaire: false });
    const startedOver = await seedBrowser(db, 'anon_over0000000002', 'over@example.com', old);
    await db.updateTable('forms').set({ document: sql`'null'::jsonb`, revision: 2 }).where('uid', '=', startedOver.uid).execute();
    const active = await seedBrowser(db, 'anon_active00000003', 'active@example.com', old);
    // One recent row anywhere keeps a browser: here a payment a month ago.
    await db.updateTable('purchases').set({ at: new Date(now.getTime() - 30 * DAY_MS) }).where('uid', '=', active.uid).execute();
    for (const browser of [noQuestionnaire, startedOver]) await ageBrowser(db, browser.uid, old);
    const before = { never: await rowsNaming(db, noQuestionnaire.uid), over: await rowsNaming(db, startedOver.uid) };
    const activeBefore = await rowsNaming(db, active.uid);

    const cutoff = new Date(now.getTime() - 180 * DAY_MS);
    const run = await purgeIdleStudents(db, studentData, cutoff, now);
    expect(run?.erased.sort()).toEqual([noQuestionnaire.uid, startedOver.uid].sort());
    await expectErased(db, noQuestionnaire.uid, before.never);
    await expectErased(db, startedOver.uid, before.over);
    expect(await rowsNaming(db, active.uid)).toEqual(activeBefore);
    // A second run finds nothing left to erase: kept money records alone do not make a browser a candidate.
    expect((await purgeIdleStudents(db, studentData, cutoff, now))?.erased).toEqual([]);
  });

  it('the purge walks through more browsers than one step reads, in the database’s order', async () => {
    const { database: { db } } = await buildTestApp(target);
    const old = new Date(Date.now() - 200 * DAY_MS);
    // 60 idle browsers known only by an event each (more than the 50 one step reads), and an active one among them.
    const idle = Array.from({ length: 60 }, (_, n) => `anon_walk_${String(n).padStart(3, '0')}_${n % 2 === 0 ? 'A' : 'b'}`);
    await db.insertInto('events').values(idle.map((uid) => ({ uid, name: 'page_viewed', params: '{}', occurred_at: old, received_at: old }))).execute();
    await db.insertInto('events').values({ uid: 'anon_walk_030_active', name: 'page_viewed', params: '{}', occurred_at: new Date(), received_at: new Date() }).execute();
    const run = await purgeIdleStudents(db, studentData, new Date(Date.now() - 180 * DAY_MS), new Date());
    expect(run?.erased.sort()).toEqual([...idle].sort());
    expect(run?.cursor).toBe('');
    expect(await db.selectFrom('events').select('uid').execute()).toEqual([{ uid: 'anon_walk_030_active' }]);
  }, 60_000);

  it('an erasure cut short after its tombstone is finished by the next purge; tombstones expire after the period', async () => {
    const { database: { db } } = await buildTestApp(target);
    const now = new Date();
    const maya = await seedBrowser(db, 'anon_maya0000000001', 'maya@example.com', now);
    const before = await rowsNaming(db, maya.uid);
    const mark = await writeTombstone(db, studentData, maya.uid, now); // and then the server stopped
    const newWork = { id: 'v-after-erasure', essayKey: 'personal', at: now.toISOString(), kind: 'edited' as const, text: 'Written after.' };
    // From a device that read after the erasure (a batch based on nothing read would be refused as erased).
    await saveEssayVersions(db, maya.uid, [newWork], now, mark);

    const longAgo = new Date(now.getTime() - 1000 * DAY_MS);
    expect((await purgeIdleStudents(db, studentData, longAgo, now))?.erased).toEqual([]);
    const afterFinish = await rowsNaming(db, maya.uid);
    expect(afterFinish.essay_versions).toHaveLength(1); // only the version stored after the tombstone
    await db.deleteFrom('essay_versions').where('id', '=', newWork.id).execute();
    await expectErased(db, maya.uid, before);
    expect(await db.selectFrom('tombstones').select('finished_at').where('uid', '=', maya.uid).execute())
      .toEqual([{ finished_at: expect.any(Date) }]);

    // A retention period later the tombstone goes, with the empty form and college list rows; the money records stay.
    const later = new Date(now.getTime() + 181 * DAY_MS);
    await purgeIdleStudents(db, studentData, new Date(later.getTime() - 180 * DAY_MS), later);
    expect(await db.selectFrom('tombstones').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('forms').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('college_plans').selectAll().execute()).toEqual([]);
    expect((await rowsNaming(db, maya.uid)).purchases).toHaveLength(1);
  });
});
