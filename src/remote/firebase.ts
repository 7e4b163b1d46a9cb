// The "firebase" remote backend with the real SDK: anonymous Auth, the document at Firestore forms/{uid} and
// the essay versions at forms/{uid}/versions/{id}.
// Loaded only through chooseRemote.ts's dynamic import, and only in builds with VITE_FIREBASE_* set.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, onAuthStateChanged,
  signInAnonymously, signOut,
} from 'firebase/auth';
import {
  collection, connectFirestoreEmulator, deleteDoc, doc, getDoc, getDocs, initializeFirestore, serverTimestamp, setDoc,
} from 'firebase/firestore';
import { createFirebaseRemote, type FirebaseRemoteBackend } from './firebaseCore.ts';
import type { FirebaseWebConfig } from './firebaseWebConfig.ts';

export function createFirebaseBackend(config: FirebaseWebConfig): FirebaseRemoteBackend {
  const app = initializeApp({
    apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain, appId: config.appId,
  });
  // initializeAuth without a popup/redirect resolver: anonymous sign-in needs neither, and getAuth() would
  // bundle them and load an iframe from authDomain.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorHost !== undefined) {
    connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
  }
  // The SDK's default memory cache: redux-persist already owns the device copy.
  const db = initializeFirestore(app, {});
  if (config.firestoreEmulatorHost !== undefined) {
    const [host = '127.0.0.1', port = '8080'] = config.firestoreEmulatorHost.split(/:(?=\d+$)/);
    connectFirestoreEmulator(db, host, Number(port));
  }

  return createFirebaseRemote(
    {
      restoredUser: async () => {
        await auth.authStateReady();
        return auth.currentUser;
      },
      signInAnonymously: async () => (await signInAnonymously(auth)).user,
      signOut: () => signOut(auth),
      onSignedOut: (listener) => onAuthStateChanged(auth, (user) => {
        if (user === null) listener();
      }),
    },
    {
      getDoc: (path) => getDoc(doc(db, path)),
      setDoc: (path, data, options) => setDoc(doc(db, path), data, options),
      deleteDoc: (path) => deleteDoc(doc(db, path)),
      listDocs: async (path) => (await getDocs(collection(db, path))).docs.map((snapshot) => ({ id: snapshot.id, data: snapshot.data() })),
      serverTimestamp,
    },
  );
}
