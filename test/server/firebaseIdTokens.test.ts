// The age rule alone, on exact timestamps; the route suite checks it again with the emulator's real tokens.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/errors.ts';
import { checkTokenAge } from '../../src/server/firebaseIdTokens.ts';

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
