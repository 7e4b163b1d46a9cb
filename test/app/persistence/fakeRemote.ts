// An in-memory remote backend with revisions, as the server keeps them: records every write with the
// (faked) time it was sent, and can be told to fail the next calls.
import { ApiError } from '../../../src/api/index.ts';
import type { ApiErrorValue } from '../../../src/api/index.ts';
import type { RemoteBackend, RemoteDocument } from '../../../src/remote/index.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';

export const networkError: ApiErrorValue = { status: 0, code: 'network', message: 'Could not reach the server' };

type Call = 'load' | 'save' | 'reset';

export function fakeRemote(initial: RemoteDocument = { document: null, revision: 0 }) {
  let stored: RemoteDocument = structuredClone(initial);
  const writes: Array<{ document: FormDocument; baseRevision: number; at: number }> = [];
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
      return structuredClone(stored);
    },
    saveDocument: async (document, baseRevision) => {
      writes.push({ document: structuredClone(document), baseRevision, at: Date.now() });
      attempt('save');
      if (baseRevision !== stored.revision) return { ok: false, current: structuredClone(stored) };
      stored = { document: structuredClone(document), revision: stored.revision + 1 };
      return { ok: true, revision: stored.revision };
    },
    resetDocument: async () => {
      attempt('reset');
      if (stored.revision > 0) stored = { document: null, revision: stored.revision + 1 };
      return { revision: stored.revision };
    },
  };

  return {
    remote,
    writes,
    calls,
    get signIns() {
      return signIns;
    },
    get stored() {
      return stored;
    },
    /** Another device or tab saved this document. */
    storeElsewhere(document: FormDocument | null) {
      stored = { document: structuredClone(document), revision: stored.revision + 1 };
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
