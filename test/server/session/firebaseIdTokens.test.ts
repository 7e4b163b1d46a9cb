// The age rule alone, on exact timestamps; the route suite checks it again with the emulator's real tokens.
// And a Google that never answers the fetch of its public keys: verification gives up with a 502.
import { Agent } from 'node:https';
import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HttpError } from '../../../src/server/http/errors.ts';
import { checkTokenAge, createFirebaseIdTokenVerifier } from '../../../src/server/session/firebaseIdTokens.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const issuedAgo = (ms: number) => ({ iat: (NOW - ms) / 1000 });
const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(401);
    return (error as HttpError).code;
  }
};

describe('checkTokenAge', () => {
  it('accepts a token issued up to exactly 5 minutes ago', () => {
    expect(codeOf(() => checkTokenAge(issuedAgo(0), NOW))).toBeNull();
    expect(codeOf(() => checkTokenAge(issuedAgo(5 * 60_000), NOW))).toBeNull();
  });

  it('refuses one a second older', () => {
    expect(codeOf(() => checkTokenAge(issuedAgo(5 * 60_000 + 1000), NOW))).toBe('id_token_too_old');
  });

  it('tolerates a minute of clock skew, but not a token from the future', () => {
    expect(codeOf(() => checkTokenAge(issuedAgo(-60_000), NOW))).toBeNull();
    expect(codeOf(() => checkTokenAge(issuedAgo(-61_000), NOW))).toBe('invalid_id_token');
  });
});

/** A TCP server that takes connections and never says a word, and an agent that sends every request there. */
async function silentGoogle(): Promise<{ agent: Agent; connections: () => number }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  onTestFinished(() => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  }));
  class SilentAgent extends Agent {
    override createConnection = () => connect(port, '127.0.0.1');
  }
  return { agent: new SilentAgent(), connections: () => sockets.size };
}

/** A well-formed ID token for `projectId` (its signature is never reached: the keys to check it never come). */
function unsignedIdToken(projectId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return [
    part({ alg: 'RS256', kid: 'key-1', typ: 'JWT' }),
    part({ aud: projectId, iss: `https://securetoken.google.com/${projectId}`, sub: 'uid-abcdefgh', iat: now, exp: now + 3600, auth_time: now }),
    Buffer.from('not a signature').toString('base64url'),
  ].join('.');
}

describe('verifying an ID token while Google does not answer', () => {
  it('gives up after its timeout with a 502 the client can retry', async () => {
    const google = await silentGoogle();
    const projectId = 'essay-studio-test';
    const verifier = createFirebaseIdTokenVerifier(
      { projectId, authEmulatorHost: undefined, firestoreEmulatorHost: undefined }, Date.now, { timeoutMs: 300, httpAgent: google.agent },
    );
    onTestFinished(() => verifier.close());
    const error = await verifier.verify(unsignedIdToken(projectId)).catch((caught: unknown) => caught);
    expect(google.connections()).toBeGreaterThanOrEqual(1);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 502, code: 'identity_unavailable' });
  });
});
