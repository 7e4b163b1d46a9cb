// A fake of the Firebase SDK calls firebaseCore.ts makes, behaving as the real ones do where it matters:
// setDoc's mergeFields replace each listed field whole and keep the rest, an `undefined` value or a field
// named in mergeFields but absent from the data is refused, the serverTimestamp sentinel becomes a date,
// src/remote/firestore.rules is enforced (forms/{uid}, its versions and collegePlans/{uid} for that uid only; a
// version holds only its fields, within their limits, and a second write of one changes nothing but storedAt;
// a college list holds only its colleges (40 at most), stories (60 at most) and time), and
// offline reads fail while offline writes stay queued. The Firestore emulator cannot run here (it needs Java 21 and a download).
import type { FirebaseAuthPort, FirebaseUser, FirestorePort, FirestoreSnapshot } from '../../src/remote/firebaseCore.ts';

class FakeFirebaseError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const SERVER_TIMESTAMP = Symbol('serverTimestamp');

function checkValue(value: unknown, field: string, insideArray = false): void {
  if (value === undefined) throw new FakeFirebaseError('invalid-argument', `Unsupported field value: undefined (found in field ${field})`);
  if (Array.isArray(value)) {
    if (insideArray) throw new FakeFirebaseError('invalid-argument', `Nested arrays are not supported (found in field ${field})`);
    value.forEach((item) => checkValue(item, field, true));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) checkValue(inner, `${field}.${key}`);
  }
}

const stored = (value: unknown): unknown => (value === SERVER_TIMESTAMP ? new Date() : structuredClone(value));

export function fakeFirebase() {
  const documents = new Map<string, Record<string, unknown>>();
  const signedOutListeners = new Set<() => void>();
  let restored: FakeUser | null = null;
  let current: FakeUser | null = null;
  let offline = false;
  const tokenRequests: Array<{ uid: string; forceRefresh: boolean }> = [];
  let users = 0;

  class FakeUser implements FirebaseUser {
    constructor(readonly uid: string) {}
    async getIdToken(forceRefresh: boolean): Promise<string> {
      if (offline) throw new FakeFirebaseError('auth/network-request-failed', 'A network error has occurred.');
      tokenRequests.push({ uid: this.uid, forceRefresh });
      return `id-token-of-${this.uid}-${tokenRequests.length}`;
    }
  }

  const denied = () => new FakeFirebaseError('permission-denied', 'Missing or insufficient permissions.');
  // firestore.rules: match /forms/{uid}, /forms/{uid}/versions/{versionId} and /collegePlans/{uid}, for
  // request.auth.uid == uid only.
  const allowed = (path: string): void => {
    if (current === null) throw denied();
    const own = `forms/${current.uid}`;
    if (path !== own && path !== `collegePlans/${current.uid}` && !new RegExp(`^${own}/versions/[A-Za-z0-9_-]{8,64}$`).test(path)) throw denied();
  };
  const isVersion = (path: string) => path.includes('/versions/');
  const isCollegePlan = (path: string) => path.startsWith('collegePlans/');
  // firestore.rules' college list: only its lists, each within its count, and the time it was written.
  const validCollegePlan = (data: Record<string, unknown>): boolean =>
    Object.keys(data).every((key) => ['colleges', 'stories', 'updatedAt'].includes(key))
    && Array.isArray(data.colleges) && data.colleges.length <= 40
    && Array.isArray(data.stories) && data.stories.length <= 60
    && data.updatedAt instanceof Date;
  // firestore.rules' coach data: a map of the rules version and at most 12 questions, nothing else.
  const validCoachData = (coach: unknown): boolean => {
    if (coach === null || typeof coach !== 'object' || Array.isArray(coach)) return false;
    const { rulesVersion, comments } = coach as Record<string, unknown>;
    return Object.keys(coach).every((key) => key === 'rulesVersion' || key === 'comments')
      && Number.isInteger(rulesVersion) && (rulesVersion as number) >= 1 && Array.isArray(comments) && comments.length <= 12;
  };
  // firestore.rules' version checks: only these fields, each of its kind and size; coach revisions under coach- keys.
  const validVersion = (data: Record<string, unknown>): boolean =>
    Object.keys(data).every((key) => ['essayKey', 'at', 'kind', 'text', 'storedAt', 'coach'].includes(key))
    && typeof data.essayKey === 'string' && /^(?:coach-)?(?:personal|supplemental-[0-9a-f]{16})$/.test(data.essayKey)
    && typeof data.at === 'string' && data.at.length <= 40
    && (data.kind === 'generated' || data.kind === 'edited' || data.kind === 'coach')
    && typeof data.text === 'string' && data.text.length > 0 && [...data.text].length <= 20_000
    && data.storedAt instanceof Date
    && (data.kind === 'coach') === data.essayKey.startsWith('coach-')
    && (data.kind === 'coach') === ('coach' in data)
    && (!('coach' in data) || validCoachData(data.coach));

  const auth: FirebaseAuthPort = {
    restoredUser: async () => {
      current = restored;
      return restored;
    },
    signInAnonymously: async () => {
      if (offline) throw new FakeFirebaseError('auth/network-request-failed', 'A network error has occurred.');
      users += 1;
      current = new FakeUser(`fakeAnonUid${String(users).padStart(17, '0')}`);
      restored = current; // the SDK persists the user on the device
      return current;
    },
    signOut: async () => {
      current = null;
      restored = null;
      signedOutListeners.forEach((listener) => listener());
    },
    onSignedOut: (listener) => {
      signedOutListeners.add(listener);
      return () => signedOutListeners.delete(listener);
    },
  };

  const firestore: FirestorePort = {
    async getDoc(path): Promise<FirestoreSnapshot> {
      if (offline) throw new FakeFirebaseError('unavailable', 'Failed to get document because the client is offline.');
      allowed(path);
      const data = documents.get(path);
      return { exists: () => data !== undefined, data: () => (data === undefined ? undefined : structuredClone(data)) };
    },
    setDoc(path, data, { mergeFields }) {
      allowed(path);
      for (const [field, value] of Object.entries(data)) if (value !== SERVER_TIMESTAMP) checkValue(value, field);
      for (const field of mergeFields) {
        if (!(field in data)) throw new FakeFirebaseError('invalid-argument', `Field '${field}' is specified in your field mask but missing from your input data.`);
      }
      const before = documents.get(path);
      const next = { ...before };
      for (const field of mergeFields) next[field] = stored(data[field]);
      if (isVersion(path)) {
        if (!validVersion(next)) throw denied();
        // An update may change storedAt only.
        // Compared by value, as the rules' diff() does (the coach data is a map).
        if (before && Object.keys(next).some((key) => key !== 'storedAt' && JSON.stringify(next[key]) !== JSON.stringify(before[key]))) throw denied();
      }
      if (isCollegePlan(path) && !validCollegePlan(next)) throw denied();
      if (offline) return new Promise<void>(() => {}); // queued: resolves only once the server has it
      documents.set(path, next);
      return Promise.resolve();
    },
    async deleteDoc(path) {
      allowed(path);
      documents.delete(path);
    },
    async listDocs(path) {
      if (offline) throw new FakeFirebaseError('unavailable', 'Failed to get documents because the client is offline.');
      if (current === null || path !== `forms/${current.uid}/versions`) throw denied();
      return [...documents.entries()]
        .filter(([key]) => key.startsWith(`${path}/`) && !key.slice(path.length + 1).includes('/'))
        .map(([key, data]) => ({ id: key.slice(path.length + 1), data: structuredClone(data) }));
    },
    serverTimestamp: () => SERVER_TIMESTAMP,
  };

  return {
    auth,
    firestore,
    documents,
    tokenRequests,
    setOffline: (value: boolean) => {
      offline = value;
    },
    /** A user already signed in on this device from an earlier visit. */
    restoreUser: (uid: string) => {
      restored = new FakeUser(uid);
    },
  };
}
