// Picks the remote backend at start-up: our own server by default, Firebase when the build has
// VITE_FIREBASE_* set. The Firebase SDK is behind a dynamic import that a default build drops entirely
// (the guard below is a build-time constant), and that a Firebase build loads on the first remote call.
import { ApiError } from '../api/index.ts';
import type { FirebaseRemoteBackend } from './firebaseCore.ts';
import { type FirebaseWebConfig, readFirebaseWebConfig } from './firebaseWebConfig.ts';
import { type RemoteBackend, serverBackend } from './index.ts';

/** A backend whose implementation loads on first use; a failed load (offline, chunk gone) is a network error. */
export function lazyFirebaseBackend(load: () => Promise<FirebaseRemoteBackend>): FirebaseRemoteBackend {
  let loading: Promise<FirebaseRemoteBackend> | undefined;
  const backend = async (): Promise<FirebaseRemoteBackend> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // try again on the next call, e.g. once back online
      throw new ApiError({ status: 0, code: 'network', message: `Could not load the sign-in code: ${String(error)}` });
    });
    return loading;
  };
  return {
    name: 'firebase',
    signIn: async (signal) => (await backend()).signIn(signal),
    loadDocument: async (signal) => (await backend()).loadDocument(signal),
    saveDocument: async (document, baseRevision, signal) => (await backend()).saveDocument(document, baseRevision, signal),
    resetDocument: async (signal) => (await backend()).resetDocument(signal),
    loadVersions: async (since, signal) => (await backend()).loadVersions(since, signal),
    saveVersions: async (versions, signal) => (await backend()).saveVersions(versions, signal),
    loadCollegePlan: async (signal) => (await backend()).loadCollegePlan(signal),
    saveCollegePlan: async (document, baseRevision, signal) => (await backend()).saveCollegePlan(document, baseRevision, signal),
    exportData: async (signal) => (await backend()).exportData(signal),
    eraseData: async (signal) => (await backend()).eraseData(signal),
    signOut: async () => (await backend()).signOut(),
  };
}

const firebaseFromConfig = (config: FirebaseWebConfig): FirebaseRemoteBackend =>
  lazyFirebaseBackend(() => import('./firebase.ts').then(({ createFirebaseBackend }) => createFirebaseBackend(config)));

export function chooseRemoteBackend(): RemoteBackend {
  // Vite replaces these with the build's values: without them this branch, and the import, are dead code.
  if (!import.meta.env.VITE_FIREBASE_API_KEY || !import.meta.env.VITE_FIREBASE_PROJECT_ID) return serverBackend;
  // Named one by one, so each is replaced on its own and nothing else of the build's env is inlined.
  const config = readFirebaseWebConfig({
    VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY as string | undefined,
    VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID as string | undefined,
    VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined,
    VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID as string | undefined,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_HOST as string | undefined,
    VITE_FIRESTORE_EMULATOR_HOST: import.meta.env.VITE_FIRESTORE_EMULATOR_HOST as string | undefined,
  });
  return config === null ? serverBackend : firebaseFromConfig(config);
}
