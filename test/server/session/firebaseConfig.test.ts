import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { firebaseConnectSources } from '../../../src/server/session/firebaseConfig.ts';
import { tempDir } from '../tempDir.ts';

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('the Firebase variables of loadConfig', () => {
  it('leaves Firebase off (anonymous cookie sessions) when FIREBASE_PROJECT_ID is unset or empty', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).firebase).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), FIREBASE_PROJECT_ID: '' }).firebase).toBeUndefined();
  });

  it('reads the project and the emulators', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(), NODE_ENV: 'development', FIREBASE_PROJECT_ID: 'essay-studio-prod',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: 'localhost:8081',
    });
    expect(config.firebase).toEqual({
      projectId: 'essay-studio-prod', authEmulatorHost: '127.0.0.1:9099', firestoreEmulatorHost: 'localhost:8081',
    });
  });

  it('refuses a malformed project id or emulator host, naming the variable', () => {
    expect(refusal({ FIREBASE_PROJECT_ID: 'Essay Studio' })).toContain('FIREBASE_PROJECT_ID: must be a Firebase project id');
    expect(refusal({ FIREBASE_PROJECT_ID: 'demo-test', FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' }))
      .toContain('FIREBASE_AUTH_EMULATOR_HOST: must be host:port');
  });

  it('refuses an emulator without a project, and any emulator in production (it accepts forged tokens)', () => {
    expect(refusal({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))
      .toContain('FIREBASE_AUTH_EMULATOR_HOST: needs FIREBASE_PROJECT_ID as well');
    expect(refusal({
      NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32), FIREBASE_PROJECT_ID: 'demo-test',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    })).toContain('FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production');
  });
});

describe('firebaseConnectSources', () => {
  it("is empty when Firebase is off, and Google's Firebase hosts plus the emulators when on", () => {
    expect(firebaseConnectSources(undefined)).toEqual([]);
    expect(firebaseConnectSources({ projectId: 'p-12345', authEmulatorHost: undefined, firestoreEmulatorHost: undefined }))
      .toEqual(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firestore.googleapis.com']);
  });
});
