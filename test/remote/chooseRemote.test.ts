import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/index.ts';
import { chooseRemoteBackend, lazyFirebaseBackend } from '../../src/remote/chooseRemote.ts';
import { createFirebaseRemote } from '../../src/remote/firebaseCore.ts';
import { serverBackend } from '../../src/remote/index.ts';
import { readFirebaseWebConfig } from '../../src/remote/firebaseWebConfig.ts';
import { fakeApi, json } from '../app/fakeApi.ts';
import { fakeFirebase } from './fakeFirebase.ts';

describe('chooseRemoteBackend', () => {
  it('is our own server when the build has no VITE_FIREBASE_* (as here)', () => {
    expect(chooseRemoteBackend()).toBe(serverBackend);
  });
});

describe('lazyFirebaseBackend', () => {
  it('loads the implementation once, on the first call, and hands every call to it', async () => {
    const firebase = fakeFirebase();
    const load = vi.fn(async () => createFirebaseRemote(firebase.auth, firebase.firestore));
    const backend = lazyFirebaseBackend(load);
    expect(backend.name).toBe('firebase');
    expect(load).not.toHaveBeenCalled();
    fakeApi({ 'POST /api/session': () => json({ uid: 'fakeAnonUid00000000000000001' }) });
    expect(await backend.signIn()).toEqual({ uid: 'fakeAnonUid00000000000000001' });
    expect(await backend.loadDocument()).toEqual({ document: null, revision: 0 });
    expect(load).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('reports a chunk that cannot load (offline) as a network failure, and tries again next time', async () => {
    const firebase = fakeFirebase();
    const load = vi.fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(createFirebaseRemote(firebase.auth, firebase.firestore));
    const backend = lazyFirebaseBackend(load);
    const error = await backend.signIn().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network' });
    fakeApi({ 'POST /api/session': () => json({ uid: 'fakeAnonUid00000000000000001' }) });
    expect(await backend.signIn()).toEqual({ uid: 'fakeAnonUid00000000000000001' });
    expect(load).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});

describe('readFirebaseWebConfig', () => {
  it('is null (the server backend) unless both the API key and the project are set', () => {
    expect(readFirebaseWebConfig({})).toBeNull();
    expect(readFirebaseWebConfig({ VITE_FIREBASE_API_KEY: 'key' })).toBeNull();
    expect(readFirebaseWebConfig({ VITE_FIREBASE_API_KEY: ' ', VITE_FIREBASE_PROJECT_ID: 'essay-studio' })).toBeNull();
  });

  it('reads the settings, with the default auth domain and the emulators', () => {
    expect(readFirebaseWebConfig({
      VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: 'essay-studio',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8081',
    })).toEqual({
      apiKey: 'key', projectId: 'essay-studio', authDomain: 'essay-studio.firebaseapp.com', appId: undefined,
      authEmulatorHost: '127.0.0.1:9099', firestoreEmulatorHost: '127.0.0.1:8081',
    });
  });
});
