// The browser's Firebase settings, from the build's VITE_FIREBASE_* variables. None of them is a secret:
// a Firebase web API key only names the project; firestore.rules and the server guard the data.
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
  appId: string | undefined;
  /** host:port of the Auth emulator (development and tests). */
  authEmulatorHost: string | undefined;
  /** host:port of the Firestore emulator. */
  firestoreEmulatorHost: string | undefined;
}

export type FirebaseBuildEnv = Partial<Record<
  | 'VITE_FIREBASE_API_KEY' | 'VITE_FIREBASE_PROJECT_ID' | 'VITE_FIREBASE_AUTH_DOMAIN' | 'VITE_FIREBASE_APP_ID'
  | 'VITE_FIREBASE_AUTH_EMULATOR_HOST' | 'VITE_FIRESTORE_EMULATOR_HOST',
  string
>>;

const value = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text.trim());

/** The Firebase backend's settings, or null (the default server backend) unless the key and project are set. */
export function readFirebaseWebConfig(env: FirebaseBuildEnv): FirebaseWebConfig | null {
  const apiKey = value(env.VITE_FIREBASE_API_KEY);
  const projectId = value(env.VITE_FIREBASE_PROJECT_ID);
  if (apiKey === undefined || projectId === undefined) return null;
  return {
    apiKey,
    projectId,
    authDomain: value(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
    appId: value(env.VITE_FIREBASE_APP_ID),
    authEmulatorHost: value(env.VITE_FIREBASE_AUTH_EMULATOR_HOST),
    firestoreEmulatorHost: value(env.VITE_FIRESTORE_EMULATOR_HOST),
  };
}
