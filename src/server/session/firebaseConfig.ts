// The server's side of the "firebase" identity backend: its environment variables, kept
// here so config.ts only spreads them in. Verifying ID tokens needs the project id alone (firebase-admin checks
// them against Google's public keys), so no service-account credential is read or needed.
import { z } from 'zod';

export interface FirebaseServerConfig {
  projectId: string;
  /** host:port of the Auth emulator; firebase-admin then accepts the emulator's unsigned tokens. */
  authEmulatorHost: string | undefined;
  /** host:port of a Firestore emulator the browser talks to (only widens the CSP). */
  firestoreEmulatorHost: string | undefined;
}

const hostAndPort = z
  .string()
  .regex(/^(\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/i, 'must be host:port, such as 127.0.0.1:9099');

export const firebaseEnvShape = {
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a Firebase project id (6 to 30 lowercase letters, digits or hyphens)')
    .optional(),
  FIREBASE_AUTH_EMULATOR_HOST: hostAndPort.optional(),
  FIRESTORE_EMULATOR_HOST: hostAndPort.optional(),
};

type FirebaseVars = { [Name in keyof typeof firebaseEnvShape]?: string | undefined };

/** Combinations each variable alone cannot catch, in config.ts's `{ name, message }` shape. */
export function firebaseProblems(vars: FirebaseVars, nodeEnv: string | undefined): Array<{ name: string; message: string }> {
  const problems = [];
  for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST'] as const) {
    if (vars[name] === undefined) continue;
    if (vars.FIREBASE_PROJECT_ID === undefined) problems.push({ name, message: 'needs FIREBASE_PROJECT_ID as well' });
    // With the Auth emulator set, firebase-admin accepts unsigned tokens: anyone could claim any uid.
    if (nodeEnv === 'production') problems.push({ name, message: 'must not be set when NODE_ENV=production (emulators accept forged tokens)' });
  }
  return problems;
}

/** The Firebase backend's settings, or undefined when it is not configured (the anonymous cookie sessions). */
export function firebaseServerConfig(vars: FirebaseVars): FirebaseServerConfig | undefined {
  if (vars.FIREBASE_PROJECT_ID === undefined) return undefined;
  return {
    projectId: vars.FIREBASE_PROJECT_ID,
    authEmulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST,
    firestoreEmulatorHost: vars.FIRESTORE_EMULATOR_HOST,
  };
}

/** What the browser's Firebase SDK connects to, for the CSP's connect-src; none when Firebase is off. */
export function firebaseConnectSources(config: FirebaseServerConfig | undefined): string[] {
  if (config === undefined) return [];
  const emulators = [config.authEmulatorHost, config.firestoreEmulatorHost]
    .filter((host): host is string => host !== undefined)
    .map((host) => `http://${host}`);
  return [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    ...emulators,
  ];
}
