// The default backend: our own API server. The session is an httpOnly cookie set by POST /api/session,
// so the browser never holds a token; the form document lives at /api/forms/me, essay versions at
// /api/essay-versions, the college list at /api/college-plan.
import { ApiError, apiRequest, checkAgainst, endpoints } from '../api/index.ts';
import type { RemoteBackend } from './index.ts';

export const serverBackend: RemoteBackend = {
  name: 'server',
  signIn: (signal) => apiRequest(endpoints.startSession, { signal }),
  loadDocument: async (signal) => {
    const { document, revision } = await apiRequest(endpoints.loadForm, { signal });
    return { document, revision };
  },
  saveDocument: async (document, baseRevision, signal, idempotencyKey) => {
    try {
      const { revision } = await apiRequest(endpoints.saveForm, { body: { document, baseRevision }, signal, idempotencyKey });
      return { ok: true, revision };
    } catch (error) {
      // A 409 whose body cannot be checked (the contract unreachable) is passed on as the failure it is.
      const conflict = error instanceof ApiError && error.status === 409
        ? await checkAgainst('formConflictBodySchema', error.body).catch(() => null)
        : null;
      if (!conflict?.success) throw error;
      return { ok: false, current: { document: conflict.data.current.document, revision: conflict.data.current.revision } };
    }
  },
  resetDocument: async (signal) => {
    const { revision } = await apiRequest(endpoints.resetForm, { signal });
    return { revision };
  },
  loadVersions: async (since, signal) => {
    const page = await apiRequest(endpoints.loadEssayVersions, { query: { since: String(since) }, signal });
    return {
      versions: page.versions.map(({ revision: _revision, ...version }) => version), revision: page.revision, more: page.more,
      ...(page.erased === undefined ? {} : { erased: page.erased }),
    };
  },
  saveVersions: async (versions, signal, baseRevision, idempotencyKey) => {
    await apiRequest(endpoints.saveEssayVersions, { body: { versions, baseRevision }, signal, idempotencyKey });
  },
  loadCollegePlan: async (signal) => {
    const { document, revision } = await apiRequest(endpoints.loadCollegePlan, { signal });
    return { document, revision };
  },
  saveCollegePlan: async (document, baseRevision, signal, idempotencyKey) => {
    try {
      const { revision } = await apiRequest(endpoints.saveCollegePlan, { body: { document, baseRevision }, signal, idempotencyKey });
      return { ok: true, revision };
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409
        ? await checkAgainst('collegePlanConflictBodySchema', error.body).catch(() => null)
        : null;
      if (!conflict?.success) throw error;
      return { ok: false, current: { document: conflict.data.current.document, revision: conflict.data.current.revision } };
    }
  },
};
