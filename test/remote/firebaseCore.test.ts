// The Firebase backend's core at the SDK boundary: a fake Firestore and Auth (fakeFirebase.ts) and the HTTP
// boundary faked for the token sync. The server side of that sync runs against the real Auth emulator in
// test/server/routes/sessionFirebase.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/index.ts';
import { formDocumentLoaded } from '../../src/client-core/documentActions.ts';
import { selectFormDocument } from '../../src/app/formDocument.ts';
import { makeStore } from '../../src/app/store.ts';
import { createFirebaseRemote, FIRESTORE_TIMEOUT_MS } from '../../src/remote/firebaseCore.ts';
import type { EssayVersionRecord } from '../../src/common/contract/contract.ts';
import { ESSAY_VERSIONS_TOTAL_BYTES, versionSize } from '../../src/common/essay/versionPruning.ts';
import { emptyFormDocument, RESTORED_SECTIONS } from '../../src/common/questionnaire/formDocumentDefaults.ts';
import { fakeApi, json } from '../app/fakeApi.ts';
import { fullDocument } from '../app/fixtures.ts';
import { fakeFirebase } from './fakeFirebase.ts';
import { planCollege, threeColleges } from '../fixtures/collegePlans.ts';
import { CONDITION_WAIT } from '../setup/conditionWait.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server's side of the token sync, as the real one answers: the uid inside the token. */
const tokenSync = () =>
  fakeApi({
    'POST /api/session': ({ init }) => {
      const { idToken } = JSON.parse(String(init.body)) as { idToken: string };
      return json({ uid: /^id-token-of-(.+)-\d+$/.exec(idToken)?.[1] });
    },
    'DELETE /api/session': () => new Response(null, { status: 204 }),
  });

const setup = () => {
  const firebase = fakeFirebase();
  return { firebase, remote: createFirebaseRemote(firebase.auth, firebase.firestore), api: tokenSync() };
};

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('signIn (anonymous Auth and the token sync)', () => {
  it('signs in anonymously, then posts a freshly issued ID token to /api/session and answers its uid', async () => {
    const { firebase, remote, api } = setup();
    const { uid } = await remote.signIn();
    expect(uid).toMatch(/^fakeAnonUid/);
    expect(firebase.tokenRequests).toEqual([{ uid, forceRefresh: true }]);
    const [call] = api.callsTo('POST /api/session');
    expect(JSON.parse(String(call?.init.body))).toEqual({ idToken: `id-token-of-${uid}-1` });
    expect(call?.init.credentials).toBe('same-origin');
  });

  it('keeps the user this device already has (their uid, their document) and still sends a fresh token', async () => {
    const { firebase, remote } = setup();
    firebase.restoreUser('returningStudentUid0001');
    expect(await remote.signIn()).toEqual({ uid: 'returningStudentUid0001' });
    expect(firebase.tokenRequests).toEqual([{ uid: 'returningStudentUid0001', forceRefresh: true }]);
  });

  it("passes the server's refusal on as it came (a stale token is 401, not a network failure)", async () => {
    const { remote } = setup();
    fakeApi({ 'POST /api/session': () => json({ error: 'Too old.', code: 'id_token_too_old' }, 401) });
    expect(await rejection(remote.signIn())).toMatchObject({ status: 401, code: 'id_token_too_old' });
  });

  it('refuses a session for another uid than the Firebase one', async () => {
    const { remote } = setup();
    fakeApi({ 'POST /api/session': () => json({ uid: 'someoneElse0000000001' }) });
    expect(await rejection(remote.signIn())).toMatchObject({ code: 'invalid_response' });
  });

  it('reports an offline sign-in as a network failure, which the app retries when back online', async () => {
    const { firebase, remote, api } = setup();
    firebase.setOffline(true);
    expect(await rejection(remote.signIn())).toMatchObject({ status: 0, code: 'network' });
    expect(api.calls).toEqual([]);
  });

  it('clears the server session (DELETE /api/session) when Firebase signs out, here or in another tab', async () => {
    const { remote, api } = setup();
    await remote.signIn();
    await remote.signOut();
    await vi.waitFor(() => expect(api.callsTo('DELETE /api/session')).toHaveLength(1), CONDITION_WAIT);
    expect(await rejection(remote.loadDocument())).toMatchObject({ code: 'not_signed_in' });
  });
});

describe('the document at forms/{uid}', () => {
  it('is null until something is saved, and reads nothing before sign-in', async () => {
    const { remote } = setup();
    expect(await rejection(remote.loadDocument())).toMatchObject({ code: 'not_signed_in' });
    await remote.signIn();
    expect(await remote.loadDocument()).toEqual({ document: null, revision: 0 });
  });

  it("round-trips a full document under the student's uid, stamped with the server's time", async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    expect(await remote.saveDocument(fullDocument(), 0)).toEqual({ ok: true, revision: 1 });
    expect(firebase.documents.get(`forms/${uid}`)?.updatedAt).toBeInstanceOf(Date);
    expect((await remote.loadDocument()).document).toEqual(fullDocument());
  });

  it('writes with merge, a section at a time: a removed answer is gone, fields it does not own are kept', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    await remote.saveDocument(fullDocument(), 0);
    firebase.documents.get(`forms/${uid}`)!.writtenByAnotherVersion = 'kept';
    await remote.saveDocument({ ...fullDocument(), followUpResponses: {}, selectedTopic: null }, 1);
    const stored = firebase.documents.get(`forms/${uid}`)!;
    expect(stored.followUpResponses).toEqual({});
    expect(stored.selectedTopic).toBeNull();
    expect(stored.writtenByAnotherVersion).toBe('kept');
    expect((await remote.loadDocument()).document).toEqual({ ...fullDocument(), followUpResponses: {}, selectedTopic: null });
  });

  it('restores only RESTORED_SECTIONS into the store: not follow-up questions nor supplemental essays', async () => {
    const { remote } = setup();
    await remote.signIn();
    await remote.saveDocument(fullDocument(), 0);
    const store = makeStore({
      followup: { followUpQuestions: ['Kept question?'], followUpResponses: {} },
      supplemental: { supplementalEssays: [] },
    });
    const { document } = await remote.loadDocument();
    store.dispatch(formDocumentLoaded({ document: document!, source: 'remote' }));
    const restored = selectFormDocument(store.getState());
    for (const section of RESTORED_SECTIONS) expect(restored[section]).toEqual(fullDocument()[section]);
    expect(restored.followUpQuestions).toEqual(['Kept question?']);
    expect(restored.supplementalEssays).toEqual([]);
  });

  it('reads a document an older version wrote without some sections as having them empty', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    firebase.documents.set(`forms/${uid}`, { basicInfo: { fullName: 'Ana', email: 'ana@example.com' } });
    expect((await remote.loadDocument()).document).toEqual({
      ...emptyFormDocument(), basicInfo: { fullName: 'Ana', email: 'ana@example.com' },
    });
  });

  it('refuses a stored document that breaks the contract, naming the field, rather than loading it', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    firebase.documents.set(`forms/${uid}`, { academics: { classRank: 7 } });
    const error = await rejection(remote.loadDocument());
    expect(error).toMatchObject({ code: 'invalid_document' });
    expect(error.message).toContain('academics');
  });

  it('reports an offline read as a network failure', async () => {
    const { firebase, remote } = setup();
    await remote.signIn();
    firebase.setOffline(true);
    expect(await rejection(remote.loadDocument())).toMatchObject({ status: 0, code: 'network' });
  });

  it('gives up waiting on a write queued offline after a while, so the sync can show it and retry', async () => {
    const { firebase, remote } = setup();
    await remote.signIn();
    firebase.setOffline(true);
    vi.useFakeTimers();
    const saving = rejection(remote.saveDocument(fullDocument(), 0));
    await vi.advanceTimersByTimeAsync(FIRESTORE_TIMEOUT_MS);
    expect(await saving).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('"Start over" deletes the remote copy', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    await remote.saveDocument(fullDocument(), 0);
    expect(await remote.resetDocument()).toEqual({ revision: 0 });
    expect(firebase.documents.has(`forms/${uid}`)).toBe(false);
    expect(await remote.loadDocument()).toEqual({ document: null, revision: 0 });
  });
});

describe('essay versions at forms/{uid}/versions', () => {
  const version = (n: number, overrides: Partial<EssayVersionRecord> = {}): EssayVersionRecord => ({
    id: `version-${String(n).padStart(4, '0')}`, essayKey: 'personal',
    at: new Date(Date.UTC(2026, 2, 1, 12, 0, n)).toISOString(), kind: 'edited', text: `Draft ${n}.`, ...overrides,
  });

  it('stores each version as its own document under the uid, once however often it is sent, newest 50 per essay', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    await remote.saveVersions([version(1), version(2, { essayKey: 'supplemental-0123456789abcdef' })]);
    await remote.saveVersions([version(1)]); // a retry: the rules let it change nothing but storedAt
    expect(firebase.documents.get(`forms/${uid}/versions/version-0001`)).toMatchObject({ essayKey: 'personal', text: 'Draft 1.', storedAt: expect.any(Date) });
    expect((await remote.loadVersions(0)).versions.sort((a, b) => a.id.localeCompare(b.id))).toEqual([version(1), version(2, { essayKey: 'supplemental-0123456789abcdef' })]);
    // Another text under a stored id is refused by the rules: no version is ever replaced.
    expect((await rejection(remote.saveVersions([version(1, { text: 'Replaced?' })]))).status).toBe(403);
    for (let start = 3; start < 63; start += 10) await remote.saveVersions(Array.from({ length: 10 }, (_, n) => version(start + n)));
    const personal = (await remote.loadVersions(0)).versions.filter((v) => v.essayKey === 'personal').map((v) => v.id).sort();
    expect(personal).toHaveLength(50);
    expect(personal[0]).toBe('version-0013');
  });

  it('keeps the uid’s versions within 2 MiB (rules cannot count, so the device prunes), the newest of each essay kept', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    // 20,000 emoji are 80 KB of UTF-8: 30 versions over two essays are 2.4 MB.
    const large = (n: number) => version(n, { essayKey: n % 2 === 0 ? 'personal' : 'supplemental-0123456789abcdef', text: `${n} ${'😀'.repeat(19_990)}` });
    for (let start = 1; start <= 30; start += 5) await remote.saveVersions(Array.from({ length: 5 }, (_, n) => large(start + n)));
    const stored = [...firebase.documents].filter(([path]) => path.startsWith(`forms/${uid}/versions/`)).map(([path, data]) => ({ id: path.split('/').at(-1)!, data }));
    const bytes = stored.reduce((sum, { data }) => sum + versionSize(String(data.text)), 0);
    expect(bytes).toBeLessThanOrEqual(ESSAY_VERSIONS_TOTAL_BYTES);
    expect(stored.map(({ id }) => id)).toEqual(expect.arrayContaining(['version-0029', 'version-0030']));
    expect(stored.map(({ id }) => id)).not.toContain('version-0001');
  });

  it('refuses what the rules refuse: another uid’s versions, an oversized text', async () => {
    const { firebase, remote } = setup();
    await remote.signIn();
    expect((await rejection(remote.saveVersions([version(1, { text: 'x'.repeat(20_001) })]))).status).toBe(403);
    await expect(firebase.firestore.listDocs('forms/someoneElse0000000000/versions')).rejects.toMatchObject({ code: 'permission-denied' });
    await expect((async () => firebase.firestore.setDoc('forms/someoneElse0000000000/versions/version-0001', { text: 'x' }, { mergeFields: ['text'] }))())
      .rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('refuses a version with a field the rules do not list, another kind, or a stored one changed', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    const stored = version(3);
    await remote.saveVersions([stored]);
    const fields = { essayKey: 'personal', at: stored.at, kind: 'edited', text: 'Draft 3.', storedAt: firebase.firestore.serverTimestamp() };
    const write = (id: string, data: Record<string, unknown>) => (async () => firebase.firestore.setDoc(
      `forms/${uid}/versions/${id}`, { ...fields, ...data }, { mergeFields: Object.keys({ ...fields, ...data }) },
    ))().then(() => null, (error: unknown) => error);
    expect(await write('forged-0002', { score: 90 })).toMatchObject({ code: 'permission-denied' });
    expect(await write('forged-0003', { kind: 'poem' })).toMatchObject({ code: 'permission-denied' });
    expect(await write('version-0003', { text: 'Rewritten later.' })).toMatchObject({ code: 'permission-denied' });
    expect(await write('forged-0004', {})).toBeNull();
  });

  it('keeps a coach revision with its coach data, and refuses one the rules refuse', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    const coach = { rulesVersion: 1, comments: [{ paragraph: 0, kind: 'cliche' as const, quote: 'Ever since', question: 'When, exactly?' }] };
    const revision = version(7, { essayKey: 'coach-personal', kind: 'coach', text: 'Ever since I was small.', coach });
    await remote.saveVersions([revision]);
    await remote.saveVersions([revision]); // a retry: the same map, so nothing but storedAt changes
    expect(firebase.documents.get(`forms/${uid}/versions/version-0007`)).toMatchObject({ kind: 'coach', coach });
    expect((await remote.loadVersions(0)).versions).toEqual([revision]);
    const forged = (data: Record<string, unknown>) => (async () => firebase.firestore.setDoc(
      `forms/${uid}/versions/forged-0001`, { essayKey: 'coach-personal', at: revision.at, kind: 'coach', text: 'x', storedAt: firebase.firestore.serverTimestamp(), coach, ...data },
      { mergeFields: ['essayKey', 'at', 'kind', 'text', 'storedAt', 'coach'] },
    ))().then(() => null, (error: unknown) => error);
    for (const bad of [
      { essayKey: 'personal' }, { kind: 'edited' }, { coach: { rulesVersion: 1, comments: [], score: 90 } },
      { coach: { rulesVersion: 1, comments: Array.from({ length: 13 }, () => coach.comments[0]) } }, { essayKey: 'coach-poem' },
    ]) expect(await forged(bad), JSON.stringify(bad)).toMatchObject({ code: 'permission-denied' });
  });

  it('exports and erases the document and every version of the uid ("Download / Delete my data")', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    await remote.saveDocument(fullDocument(), 0);
    await remote.saveVersions([version(1), version(2)]);
    const exported = await remote.exportData();
    expect(exported.forms).toMatchObject({ basicInfo: fullDocument().basicInfo });
    expect(exported.versions.map((v) => v.id).sort()).toEqual(['version-0001', 'version-0002']);
    await remote.saveCollegePlan(threeColleges(), 0);
    expect((await remote.exportData()).collegePlans).toMatchObject({ colleges: threeColleges().colleges });
    await remote.eraseData();
    expect([...firebase.documents.keys()].filter((key) => key.includes(uid))).toEqual([]);
    expect(await remote.loadVersions(0)).toEqual({ versions: [], revision: 0, more: false });
    expect(await remote.loadCollegePlan()).toEqual({ document: null, revision: 0 });
  });
});

describe('the college list at collegePlans/{uid}', () => {
  it('is null until saved, then round-trips under the uid, stamped with the server’s time', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    expect(await remote.loadCollegePlan()).toEqual({ document: null, revision: 0 });
    expect(await remote.saveCollegePlan(threeColleges(), 0)).toEqual({ ok: true, revision: 1 });
    expect(await remote.loadCollegePlan()).toEqual({ document: threeColleges(), revision: 1 });
    expect(firebase.documents.get(`collegePlans/${uid}`)).toMatchObject({ updatedAt: expect.any(Date) });
  });

  it('refuses what the rules refuse: another uid’s list, a 41st college, a field the rules do not list', async () => {
    const { firebase, remote } = setup();
    await remote.signIn();
    await expect((async () => firebase.firestore.setDoc('collegePlans/someoneElse', { colleges: [], stories: [], updatedAt: firebase.firestore.serverTimestamp() }, { mergeFields: ['colleges', 'stories', 'updatedAt'] }))())
      .rejects.toMatchObject({ code: 'permission-denied' });
    const tooMany = { colleges: Array.from({ length: 41 }, (_, n) => planCollege(`c${n}`)), stories: [] };
    expect((await rejection(remote.saveCollegePlan(tooMany, 0))).status).toBe(403);
    const { uid } = await remote.signIn();
    await expect((async () => firebase.firestore.setDoc(`collegePlans/${uid}`, { colleges: [], stories: [], owner: 'x', updatedAt: firebase.firestore.serverTimestamp() }, { mergeFields: ['colleges', 'stories', 'owner', 'updatedAt'] }))())
      .rejects.toMatchObject({ code: 'permission-denied' });
    expect(await remote.loadCollegePlan()).toEqual({ document: null, revision: 0 });
  });

  it('refuses a stored list that breaks the contract, naming the field, rather than loading it', async () => {
    const { firebase, remote } = setup();
    const { uid } = await remote.signIn();
    firebase.documents.set(`collegePlans/${uid}`, { colleges: [planCollege('c', { deadline: '10000-01-01' })], stories: [], updatedAt: new Date() });
    const error = await rejection(remote.loadCollegePlan());
    expect(error.message).toBe('The saved college list in the cloud is not valid (colleges.0.deadline).');
  });
});
