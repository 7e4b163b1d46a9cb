// The "firebase" remote backend's logic, written against the few Firebase calls it makes (the ports below),
// so tests drive it with a fake Firestore and Auth while firebase.ts plugs in the real SDK. It holds no
// Firebase import: whoever loads this file has not paid for the SDK yet.
import { ApiError, apiRequest, endpoints } from '../api/index.ts';
import { collegePlanSchema, type CollegePlan } from '../common/collegePlan/schema.ts';
import { essayVersionSchema } from '../common/contract/contract.ts';
import type { EssayVersionRecord } from '../common/contract/contract.ts';
import { versionSize, versionsToLetGo } from '../common/essay/versionPruning.ts';
import type { VersionFacts } from '../common/essay/versionPruning.ts';
import { formDocumentSchema } from '../common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument, FormSection } from '../common/questionnaire/formDocument.ts';
import type { RemoteBackend } from './index.ts';
import { endSession } from './sessionEndpoints.ts';

export interface FirebaseUser {
  readonly uid: string;
  getIdToken(forceRefresh: boolean): Promise<string>;
}

export interface FirebaseAuthPort {
  /** The user the SDK restored from this device, once it has looked (null when there is none). */
  restoredUser(): Promise<FirebaseUser | null>;
  signInAnonymously(): Promise<FirebaseUser>;
  signOut(): Promise<void>;
  /** Calls `listener` whenever the SDK reports nobody signed in (here, or in another tab); answers an unsubscribe. */
  onSignedOut(listener: () => void): () => void;
}

export interface FirestoreSnapshot {
  exists(): boolean;
  data(): Record<string, unknown> | undefined;
}

/**
 * `path`s are document paths such as forms/{uid} (collection paths for listDocs, such as
 * forms/{uid}/versions); the SDK's own doc() and collection() are applied by the adapter.
 */
export interface FirestorePort {
  getDoc(path: string): Promise<FirestoreSnapshot>;
  setDoc(path: string, data: Record<string, unknown>, options: { mergeFields: string[] }): Promise<void>;
  deleteDoc(path: string): Promise<void>;
  /** Every document of a collection, with its id. */
  listDocs(path: string): Promise<Array<{ id: string; data: Record<string, unknown> }>>;
  serverTimestamp(): unknown;
}

/** The remote copy, as the remote sync reads it: null when nothing is stored yet. */
export type FirebaseDocument = { document: FormDocument | null; revision: number };

export interface FirebaseRemoteBackend extends RemoteBackend {
  readonly name: 'firebase';
  loadDocument(signal?: AbortSignal): Promise<FirebaseDocument>;
  /** Firestore has no revision to compare: a write always takes (merge by top-level section). */
  saveDocument(document: FormDocument, baseRevision: number, signal?: AbortSignal): Promise<{ ok: true; revision: number }>;
  resetDocument(signal?: AbortSignal): Promise<{ revision: number }>;
  loadVersions(since: number, signal?: AbortSignal): Promise<{ versions: EssayVersionRecord[]; revision: number; more: boolean }>;
  saveVersions(versions: EssayVersionRecord[], signal?: AbortSignal): Promise<void>;
  loadCollegePlan(signal?: AbortSignal): Promise<{ document: CollegePlan | null; revision: number }>;
  /** Like the form: no revision to compare, so a write always takes. */
  saveCollegePlan(document: CollegePlan, baseRevision: number, signal?: AbortSignal): Promise<{ ok: true; revision: number }>;
  /** "Download my data": what Firestore holds for this uid (the document, the essay versions, the college list). */
  exportData(signal?: AbortSignal): Promise<FirestoreExport>;
  /** "Delete my data": erases the uid's essay versions, its document and its college list from Firestore. */
  eraseData(signal?: AbortSignal): Promise<void>;
  /** Signs out of Firebase; the server's cookie is then cleared (DELETE /api/session). */
  signOut(): Promise<void>;
}

export type FirestoreExport = {
  forms: Record<string, unknown> | null;
  versions: Array<Record<string, unknown>>;
  collegePlans: Record<string, unknown> | null;
};

/** The fields of the college list's document at collegePlans/{uid} (firestore.rules allows these only). */
const COLLEGE_PLAN_FIELDS = ['colleges', 'stories'];

/** A stored college list as the contract reads it; one that breaks the contract is refused, as the form is. */
function parseStoredCollegePlan(data: Record<string, unknown>): CollegePlan {
  const parsed = collegePlanSchema.safeParse({ colleges: data.colleges ?? [], stories: data.stories ?? [] });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'document';
    throw new ApiError({ status: 422, code: 'invalid_document', message: `The saved college list in the cloud is not valid (${field}).` });
  }
  return parsed.data;
}

/** The fields a version document holds at forms/{uid}/versions/{id} (firestore.rules allows these only). */
const VERSION_FIELDS = ['essayKey', 'at', 'kind', 'text', 'storedAt'];

/** A stored version document as the contract reads it (a coach revision with its coach data). */
const parseVersion = (id: string, data: Record<string, unknown>) => essayVersionSchema.safeParse({
  id, essayKey: data.essayKey, at: data.at, kind: data.kind, text: data.text, ...(data.coach === undefined ? {} : { coach: data.coach }),
});

/** A stored version as the pruning weighs it, received when Firestore stored it; none when it breaks the contract. */
function storedVersionFacts(id: string, data: Record<string, unknown>): VersionFacts[] {
  const parsed = parseVersion(id, data);
  if (!parsed.success) return [];
  const at = Date.parse(parsed.data.at);
  // The SDK reads a server timestamp back as a Timestamp (toMillis); a Date is taken too.
  const storedAt = data.storedAt as { toMillis?: () => number } | Date | undefined;
  const receivedAt = storedAt instanceof Date ? storedAt.getTime() : typeof storedAt?.toMillis === 'function' ? storedAt.toMillis() : at;
  const { essayKey, kind, text, coach } = parsed.data;
  return [{ id, essayKey, kind, size: versionSize(text, coach), receivedAt, at, sequence: 0 }];
}

/** The document's top-level sections: each is written whole, so a removed answer is removed remotely too. */
const SECTIONS = Object.keys(formDocumentSchema.shape) as FormSection[];

/**
 * A queued Firestore write resolves only once the server has it, which offline is never: after this long the
 * sync is told it failed (and retries), while the SDK keeps the write queued.
 */
export const FIRESTORE_TIMEOUT_MS = 10_000;

/** Firebase's error codes, in the API client's terms, so the sync treats both backends' failures alike. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (['unavailable', 'deadline-exceeded', 'auth/network-request-failed'].includes(code)) {
    return new ApiError({ status: 0, code: 'network', message: `Could not reach the cloud store: ${message}` });
  }
  if (['permission-denied', 'unauthenticated', 'auth/user-token-expired', 'auth/user-disabled'].includes(code)) {
    return new ApiError({ status: 403, code: 'forbidden', message: 'The cloud store refused this browser. Please reload the page.' });
  }
  return new ApiError({ status: 0, code: code === '' ? 'unknown' : code, message });
}

async function guarded<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError({ status: 0, code: 'timeout', message: 'The cloud store took too long to answer.' })), FIRESTORE_TIMEOUT_MS);
    onAbort = () => reject(new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' }));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // An SDK call that throws at once (a bad argument) is converted like one that rejects.
    const attempt = (async () => work())();
    return await Promise.race([attempt.catch((error: unknown) => { throw toApiError(error); }), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** A stored document, each missing section empty (older writers); one that breaks the contract is refused. */
function parseStored(data: Record<string, unknown>): FormDocument {
  const empty = emptyFormDocument();
  const sections = Object.fromEntries(SECTIONS.map((section) => [section, data[section] ?? empty[section]]));
  const parsed = formDocumentSchema.safeParse(sections);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'document';
    throw new ApiError({ status: 422, code: 'invalid_document', message: `The saved document in the cloud is not valid (${field}).` });
  }
  return parsed.data;
}

export function createFirebaseRemote(auth: FirebaseAuthPort, firestore: FirestorePort): FirebaseRemoteBackend {
  let uid: string | null = null;
  let unsubscribe: (() => void) | null = null;
  const signedIn = (): string => {
    if (uid === null) throw new ApiError({ status: 401, code: 'not_signed_in', message: 'Not signed in yet.' });
    return uid;
  };
  const path = (): string => `forms/${signedIn()}`;
  const collegePlanPath = (): string => `collegePlans/${signedIn()}`;

  return {
    name: 'firebase',
    async signIn(signal) {
      const user = await guarded(async () => (await auth.restoredUser()) ?? (await auth.signInAnonymously()), signal);
      // Forced refresh: the server takes only tokens issued in the last 5 minutes.
      const idToken = await guarded(() => user.getIdToken(true), signal);
      const session = await apiRequest(endpoints.startSession, { body: { idToken }, signal });
      if (session.uid !== user.uid) {
        throw new ApiError({ status: 0, code: 'invalid_response', message: 'The server signed in a different user.' });
      }
      uid = user.uid;
      unsubscribe ??= auth.onSignedOut(() => {
        uid = null;
        // Best effort: the cookie only grants this uid's own data, and the next sign-in replaces it anyway.
        apiRequest(endSession).catch(() => undefined);
      });
      return { uid: user.uid };
    },
    async loadDocument(signal) {
      const snapshot = await guarded(() => firestore.getDoc(path()), signal);
      const data = snapshot.exists() ? snapshot.data() : undefined;
      return data === undefined ? { document: null, revision: 0 } : { document: parseStored(data), revision: 1 };
    },
    async saveDocument(document, baseRevision, signal) {
      const data: Record<string, unknown> = Object.fromEntries(SECTIONS.map((section) => [section, document[section]]));
      data.updatedAt = firestore.serverTimestamp();
      // mergeFields: each section replaced whole, anything else in the document (fields other versions wrote) kept.
      await guarded(() => firestore.setDoc(path(), data, { mergeFields: [...SECTIONS, 'updatedAt'] }), signal);
      return { ok: true, revision: baseRevision + 1 };
    },
    async resetDocument(signal) {
      await guarded(() => firestore.deleteDoc(path()), signal);
      return { revision: 0 };
    },
    // Versions live in the subcollection forms/{uid}/versions, one document per version named by its id.
    // Firestore keeps no revision to read from: every read lists the versions (at most 2 MiB in all).
    async loadVersions(since, signal) {
      const docs = await guarded(() => firestore.listDocs(`${path()}/versions`), signal);
      const versions = docs.flatMap(({ id, data }) => {
        const parsed = parseVersion(id, data);
        return parsed.success ? [parsed.data] : [];
      });
      return { versions, revision: since, more: false };
    },
    async saveVersions(versions, signal) {
      const base = `${path()}/versions`;
      // Written whole each time: the rules let a second write of a version change nothing but storedAt.
      for (const { id, essayKey, at, kind, text, coach } of versions) {
        const data = { essayKey, at, kind, text, storedAt: firestore.serverTimestamp(), ...(coach ? { coach } : {}) };
        const fields = coach ? [...VERSION_FIELDS, 'coach'] : VERSION_FIELDS;
        await guarded(() => firestore.setDoc(`${base}/${id}`, data, { mergeFields: fields }), signal);
      }
      // Rules cannot count: the device prunes what Firestore holds to the limits the server keeps.
      const stored = await guarded(() => firestore.listDocs(base), signal);
      const letGo = versionsToLetGo(stored.flatMap(({ id, data }) => storedVersionFacts(id, data)), Date.now());
      for (const id of letGo) await guarded(() => firestore.deleteDoc(`${base}/${id}`), signal);
    },
    async loadCollegePlan(signal) {
      const snapshot = await guarded(() => firestore.getDoc(collegePlanPath()), signal);
      const data = snapshot.exists() ? snapshot.data() : undefined;
      return data === undefined ? { document: null, revision: 0 } : { document: parseStoredCollegePlan(data), revision: 1 };
    },
    async saveCollegePlan(document, baseRevision, signal) {
      const data = { colleges: document.colleges, stories: document.stories, updatedAt: firestore.serverTimestamp() };
      await guarded(() => firestore.setDoc(collegePlanPath(), data, { mergeFields: [...COLLEGE_PLAN_FIELDS, 'updatedAt'] }), signal);
      return { ok: true, revision: baseRevision + 1 };
    },
    async exportData(signal) {
      const snapshot = await guarded(() => firestore.getDoc(path()), signal);
      const docs = await guarded(() => firestore.listDocs(`${path()}/versions`), signal);
      const colleges = await guarded(() => firestore.getDoc(collegePlanPath()), signal);
      return {
        forms: (snapshot.exists() ? snapshot.data() : undefined) ?? null,
        versions: docs.map(({ id, data }) => ({ id, ...data })),
        collegePlans: (colleges.exists() ? colleges.data() : undefined) ?? null,
      };
    },
    async eraseData(signal) {
      // The versions first: deleting a document leaves its subcollection behind.
      const docs = await guarded(() => firestore.listDocs(`${path()}/versions`), signal);
      for (const { id } of docs) await guarded(() => firestore.deleteDoc(`${path()}/versions/${id}`), signal);
      await guarded(() => firestore.deleteDoc(path()), signal);
      await guarded(() => firestore.deleteDoc(collegePlanPath()), signal);
    },
    async signOut() {
      await guarded(() => auth.signOut());
    },
  };
}
