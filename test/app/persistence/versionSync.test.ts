// The essay versions' remote sync with fake timers and an in-memory store that keeps versions as the server
// does (appended by id, the newest 50 per essay, read from a revision): kept offline and sent when the
// browser is back, a retry after a lost answer stores nothing twice, two devices end with the union, and a
// version refused for good stays on the device without blocking the others.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/index.ts';
import type { ApiErrorValue } from '../../../src/api/index.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { remoteChangedElsewhere } from '../../../src/app/persistence/syncSlice.ts';
import { RETRY_MIN_MS, SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import { supplementalEssayKey } from '../../../src/client-core/essayVersions.ts';
import { ESSAY_VERSIONS_PER_ESSAY } from '../../../src/common/limits/limits.ts';
import type { EssayVersionRecord } from '../../../src/common/contract/contract.ts';
import { essayEdited, essaySlice } from '../../../src/features/essay/index.ts';
import { supplementalEssayGenerated } from '../../../src/features/supplemental/index.ts';
import type { RemoteBackend } from '../../../src/remote/index.ts';
import { fakeRemote, networkError } from './fakeRemote.ts';
import { syncTestEnvironment } from './syncTestEnvironment.ts';

const { essayVersionSaved } = essaySlice.actions;

const signedIn = {
  uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null,
} as const;

/** Versions kept as the server keeps them, shared by every device in a test. */
function versionStore() {
  let revision = 0;
  const rows: Array<EssayVersionRecord & { revision: number }> = [];
  const saves: EssayVersionRecord[][] = [];
  /** Each entry: fail the next save, before storing (`before`) or after storing, its answer lost (`after`). */
  const failures: Array<{ error: ApiErrorValue; when: 'before' | 'after' }> = [];
  /** The revision the last erasure drew, as the server's tombstone keeps it (0: never erased). */
  let erasedAt = 0;
  let eraseAfterNextRead = false;
  const erase = () => {
    rows.splice(0);
    revision += 1;
    erasedAt = revision;
  };
  /** Reads from `since` as the server does: from the erasure on, and saying so, when it came after `since`. */
  const read = (since: number) => {
    const from = Math.max(since, erasedAt);
    const page = rows.filter((row) => row.revision > from).sort((a, b) => a.revision - b.revision).slice(0, 2);
    const more = rows.filter((row) => row.revision > from).length > page.length;
    const versions = page.map(({ revision: _r, ...version }) => version);
    if (since < erasedAt) return { versions, revision: page.at(-1)?.revision ?? erasedAt, more, erased: true };
    if (since > revision) return { versions: [], revision: 0, more: false, erased: false }; // lost: the store started afresh
    return { versions, revision: page.at(-1)?.revision ?? since, more };
  };
  const backend: Required<Pick<RemoteBackend, 'loadVersions' | 'saveVersions'>> = {
    async loadVersions(since) {
      const page = read(since);
      if (eraseAfterNextRead) {
        eraseAfterNextRead = false;
        erase();
      }
      return page;
    },
    async saveVersions(versions, _signal, baseRevision) {
      saves.push(structuredClone(versions));
      if (baseRevision !== undefined && baseRevision < erasedAt) {
        throw new ApiError({ status: 409, code: 'erased', message: 'Your data was erased after this device last read it.' });
      }
      const failure = failures.shift();
      if (failure?.when === 'before') throw new ApiError(failure.error);
      for (const version of versions) {
        if (rows.some((row) => row.id === version.id)) continue;
        revision += 1;
        rows.push({ ...structuredClone(version), revision });
      }
      for (const key of new Set(versions.map((version) => version.essayKey))) {
        const kept = rows.filter((row) => row.essayKey === key).sort((a, b) => (a.at < b.at ? 1 : -1)).slice(0, ESSAY_VERSIONS_PER_ESSAY);
        for (let i = rows.length - 1; i >= 0; i -= 1) if (rows[i]!.essayKey === key && !kept.includes(rows[i]!)) rows.splice(i, 1);
      }
      if (failure?.when === 'after') throw new ApiError(failure.error);
    },
  };
  return {
    backend, rows, saves,
    failNextSave: (error: ApiErrorValue, when: 'before' | 'after') => failures.push({ error, when }),
    /** Every row gone: erased with the student's data (a tombstone), or lost with the database (counting anew). */
    empty: (how: 'erased' | 'lost') => {
      if (how === 'erased') erase();
      else {
        rows.splice(0);
        revision = 0;
        erasedAt = 0;
      }
    },
    /** The student's data is erased elsewhere just after the next read answers (before this device sends). */
    eraseAfterNextRead: () => { eraseAfterNextRead = true; },
  };
}

const environment = syncTestEnvironment();

/** One device (a store synced to the shared version store), after its start-up sync. */
async function device(versions: ReturnType<typeof versionStore>) {
  const documents = fakeRemote();
  const remote: RemoteBackend = { ...documents.remote, ...versions.backend };
  const store = makeStore({ session: signedIn }, { remote });
  const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  await vi.advanceTimersByTimeAsync(0);
  /** The student edits the essay and keeps the text as a version. */
  const keep = (text: string) => {
    store.dispatch(essayEdited(text));
    store.dispatch(essayVersionSaved());
  };
  const texts = () => (store.getState().essay.versions ?? []).map((version) => version.text);
  return { store, sync, channel, keep, texts };
}

describe('essay versions sync', () => {
  it('keeps versions made offline on the device and sends them when the browser is back online', async () => {
    const versions = versionStore();
    const phone = await device(versions);
    environment.online = false;
    window.dispatchEvent(new Event('offline'));
    phone.keep('Written on the bus, offline.');
    vi.setSystemTime(Date.now() + 1000);
    phone.keep('Written on the bus, offline, and then rewritten.');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(versions.saves).toHaveLength(0);
    expect(phone.store.getState().essay.versions?.map((version) => version.remote)).toEqual([undefined, undefined]);

    environment.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(versions.rows.map((row) => row.text).sort()).toEqual(phone.texts().sort());
    expect(versions.rows.every((row) => row.essayKey === 'personal')).toBe(true);
    expect(phone.store.getState().essay.versions?.map((version) => version.remote)).toEqual(['stored', 'stored']);
    expect(phone.channel.postMessage).toHaveBeenCalledWith({ versions: true });
    // Nothing left to send: no further writes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(versions.saves).toHaveLength(1);
  });

  it('retries a failed upload; an upload whose answer was lost is seen stored at the next read, not sent again', async () => {
    const versions = versionStore();
    const laptop = await device(versions);
    versions.failNextSave({ status: 503, code: 'unavailable', message: 'Busy' }, 'before');
    versions.failNextSave(networkError, 'after'); // stored, but the answer never arrives
    laptop.keep('A version whose upload had a rough time.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(versions.saves).toHaveLength(1);
    expect(versions.rows).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS);
    expect(versions.saves).toHaveLength(2);
    expect(versions.rows).toHaveLength(1);
    expect(laptop.store.getState().essay.versions?.[0]?.remote).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2 * RETRY_MIN_MS);
    expect(versions.saves).toHaveLength(2);
    expect(laptop.store.getState().essay.versions?.[0]?.remote).toBe('stored');
  });

  it('two tabs sending the same unsent version store it once', async () => {
    const versions = versionStore();
    const first = await device(versions);
    environment.online = false;
    first.keep('Kept offline; the second tab opened on the same device copy.');
    const held = first.store.getState().essay;
    const documents = fakeRemote();
    const remote: RemoteBackend = { ...documents.remote, ...versions.backend };
    const second = makeStore({ session: signedIn, essay: held }, { remote });
    const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
    environment.stopAfterTest(startPersistence(second, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 }).stop);
    environment.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(versions.saves.map((batch) => batch.map((version) => version.id))).toEqual([[held.versions![0]!.id], [held.versions![0]!.id]]);
    expect(versions.rows).toHaveLength(1);
    expect(second.getState().essay.versions?.[0]?.remote).toBe('stored');
  });

  it('merges two devices’ versions, personal and supplemental, rather than overwriting either', async () => {
    const versions = versionStore();
    const laptop = await device(versions);
    const phone = await device(versions);
    laptop.keep('The laptop’s first draft.');
    vi.setSystemTime(Date.now() + 1000);
    phone.keep('The phone’s draft, written meanwhile.');
    vi.setSystemTime(Date.now() + 1000);
    laptop.keep('The laptop’s second draft.');
    phone.store.dispatch(supplementalEssayGenerated({
      essay: { prompt: 'Why this college?', wordCount: 250, generatedEssay: 'A supplemental essay from the phone.' },
      wordCountWritten: 6, quota: null, engine: 'offline', at: new Date().toISOString(),
    }));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    // Each device read the other's versions (pages of two) after sending its own.
    laptop.store.dispatch(remoteChangedElsewhere({ versions: true }));
    phone.store.dispatch(remoteChangedElsewhere({ versions: true }));
    await vi.advanceTimersByTimeAsync(0);
    const all = ['The laptop’s second draft.', 'The phone’s draft, written meanwhile.', 'The laptop’s first draft.'];
    expect(laptop.texts()).toEqual(all);
    expect(phone.texts()).toEqual(all);
    expect(versions.rows).toHaveLength(4);
    const key = supplementalEssayKey('Why this college?', 250);
    expect(laptop.store.getState().supplemental.versions?.[key]?.map((version) => version.text)).toEqual(['A supplemental essay from the phone.']);
    // The current essay is each device's own (the form document's sync decides it); nothing was replaced.
    expect(laptop.store.getState().essay.generatedEssay).toBe('The laptop’s second draft.');
    expect(phone.store.getState().essay.generatedEssay).toBe('The phone’s draft, written meanwhile.');
  });

  it('marks a version the store refuses for good and still sends the others', async () => {
    const versions = versionStore();
    const laptop = await device(versions);
    versions.failNextSave({ status: 409, code: 'too_many_essays', message: 'Too many essays' }, 'before');
    laptop.keep('Refused by the store.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(laptop.store.getState().essay.versions?.[0]?.remote).toBe('refused');
    vi.setSystemTime(Date.now() + 1000);
    laptop.keep('Accepted later.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + 60_000);
    expect(versions.rows.map((row) => row.text)).toEqual(['Accepted later.']);
    expect(versions.saves).toHaveLength(2);
    expect(laptop.texts()).toEqual(['Accepted later.', 'Refused by the store.']);
  });

  it('drops the versions it had delivered when the store erased them, and keeps the unsent ones', async () => {
    const versions = versionStore();
    const tab = await device(versions);
    tab.keep('Delivered, then erased in another tab.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(tab.store.getState().essay.versions?.[0]?.remote).toBe('stored');
    versions.empty('erased');
    environment.online = false;
    vi.setSystemTime(Date.now() + 1000);
    tab.keep('Kept here while offline, never sent.');
    environment.online = true;
    tab.store.dispatch(remoteChangedElsewhere({ versions: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.texts()).toEqual(['Kept here while offline, never sent.']);
    expect(versions.rows.map((row) => row.text)).toEqual(['Kept here while offline, never sent.']);
  });

  it('drops every copy it holds when a batch based on a read from before an erasure is refused, and stores what it keeps afterwards', async () => {
    const versions = versionStore();
    const tab = await device(versions);
    tab.keep('Delivered before the erasure.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(tab.store.getState().essay.versions?.[0]?.remote).toBe('stored');
    vi.setSystemTime(Date.now() + 1000);
    tab.keep('Kept before this device heard of the erasure.');
    // "Delete my data" in another tab lands between this device's read and its send.
    versions.eraseAfterNextRead();
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(versions.saves.at(-1)?.map((version) => version.text)).toEqual(['Kept before this device heard of the erasure.']);
    expect(versions.rows).toEqual([]);
    expect(tab.texts()).toEqual([]);
    vi.setSystemTime(Date.now() + 1000);
    tab.keep('Written after the erasure.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(versions.rows.map((row) => row.text)).toEqual(['Written after the erasure.']);
    expect(tab.store.getState().essay.versions?.map((version) => version.remote)).toEqual(['stored']);
  });

  it('sends every version again when the store lost them all (a database started afresh)', async () => {
    const versions = versionStore();
    const tab = await device(versions);
    tab.keep('First.');
    vi.setSystemTime(Date.now() + 1000);
    tab.keep('Second.');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(versions.rows).toHaveLength(2);
    versions.empty('lost');
    tab.store.dispatch(remoteChangedElsewhere({ versions: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(versions.rows.map((row) => row.text).sort()).toEqual(['First.', 'Second.']);
    expect(tab.store.getState().essay.versions?.map((version) => version.remote)).toEqual(['stored', 'stored']);
  });
});
