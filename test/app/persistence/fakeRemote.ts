// An in-memory remote backend with revisions, as the server keeps them: records every write with the
// (faked) time it was sent and its Idempotency-Key, answers a key it has seen with its recorded answer (as the
// server does), and can be told to fail the next calls, or to apply the next writes and lose their answers.
// Its revisioned document (`revisionedDocument`) serves the other documents kept that way too (the college plan).
import { ApiError } from '../../../src/api/index.ts';
import type { ApiErrorValue } from '../../../src/api/index.ts';
import type { RemoteBackend, RemoteDocument } from '../../../src/remote/index.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';

export const networkError: ApiErrorValue = { status: 0, code: 'network', message: 'Could not reach the server' };

type Revisioned<T> = { document: T | null; revision: number };
type Saved<T> = { ok: true; revision: number } | { ok: false; current: Revisioned<T> };

/**
 * One document kept with revisions as the server keeps it: every write recorded with the (faked) time it was sent
 * and its key; a key already answered gets that answer again without the write; a stale base is a conflict
 * answered with the stored document. `before` runs once a write is recorded and before it is decided: what it
 * throws fails the write and leaves the document as it was.
 */
export function revisionedDocument<T>(initial: Revisioned<T>) {
  let stored: Revisioned<T> = structuredClone(initial);
  const writes: Array<{ document: T; baseRevision: number; at: number; key?: string | undefined }> = [];
  const answers = new Map<string, Saved<T>>();
  const lostAnswers: ApiErrorValue[] = [];
  let applied = 0;
  let conflicts = 0;
  return {
    writes,
    load: (): Revisioned<T> => structuredClone(stored),
    save(document: T, baseRevision: number, key: string | undefined, before: () => void = () => undefined): Saved<T> {
      writes.push({ document: structuredClone(document), baseRevision, at: Date.now(), key });
      before();
      const recorded = key === undefined ? undefined : answers.get(key);
      if (recorded) return recorded;
      if (baseRevision !== stored.revision) {
        conflicts += 1;
        return { ok: false, current: structuredClone(stored) };
      }
      stored = { document: structuredClone(document), revision: stored.revision + 1 };
      applied += 1;
      const answer: Saved<T> = { ok: true, revision: stored.revision };
      if (key !== undefined) answers.set(key, answer);
      const lost = lostAnswers.shift();
      if (lost) throw new ApiError(lost);
      return answer;
    },
    /** The next `count` writes are applied, and then fail with `error` (their answer lost on the way). */
    loseAnswers(error: ApiErrorValue, count = 1) {
      for (let n = 0; n < count; n += 1) lostAnswers.push(error);
    },
    /** Writes that changed the stored document, and those refused as stale. */
    get applied() {
      return applied;
    },
    get conflicts() {
      return conflicts;
    },
    get stored() {
      return stored;
    },
    set stored(next: Revisioned<T>) {
      stored = next;
    },
  };
}

type Call = 'load' | 'save' | 'reset';

export function fakeRemote(initial: RemoteDocument = { document: null, revision: 0 }) {
  const form = revisionedDocument<FormDocument>(initial);
  const calls: Array<{ call: Call; at: number }> = [];
  const failures: ApiErrorValue[] = [];
  const signInFailures: ApiErrorValue[] = [];
  let signIns = 0;

  const attempt = (call: Call) => {
    calls.push({ call, at: Date.now() });
    const failure = failures.shift();
    if (failure) throw new ApiError(failure);
  };

  const remote: RemoteBackend = {
    name: 'server',
    signIn: async () => {
      signIns += 1;
      const failure = signInFailures.shift();
      if (failure) throw new ApiError(failure);
      return { uid: 'anon_12345678' };
    },
    loadDocument: async () => {
      attempt('load');
      return form.load();
    },
    saveDocument: async (document, baseRevision, _signal, key) => form.save(document, baseRevision, key, () => attempt('save')),
    resetDocument: async () => {
      attempt('reset');
      if (form.stored.revision > 0) form.stored = { document: null, revision: form.stored.revision + 1 };
      return { revision: form.stored.revision };
    },
  };

  return {
    remote,
    writes: form.writes,
    calls,
    /** The next `count` writes are applied, and then fail with `error` (their answer lost on the way). */
    loseAnswers: form.loseAnswers,
    /** Writes that changed the stored document, and those refused as stale. */
    get applied() {
      return form.applied;
    },
    get conflicts() {
      return form.conflicts;
    },
    get signIns() {
      return signIns;
    },
    get stored() {
      return form.stored;
    },
    /** Another device or tab saved this document. */
    storeElsewhere(document: FormDocument | null) {
      form.stored = { document: structuredClone(document), revision: form.stored.revision + 1 };
    },
    /** The next `times` calls fail with `error`. */
    fail(error: ApiErrorValue, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(error);
    },
    /** The next `times` sign-ins fail with `error` (kept apart from the document calls' failures). */
    failSignIn(error: ApiErrorValue, times = 1) {
      for (let i = 0; i < times; i += 1) signInFailures.push(error);
    },
  };
}
