// The cookie-signing secret when COOKIE_SECRET is not set (development and test only): generated once with
// crypto and kept in DATA_DIR, so sessions survive restarts of one instance.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COOKIE_SECRET_MIN_LENGTH = 32;
export const COOKIE_SECRET_FILE = 'cookie-secret';

/** Reads DATA_DIR/cookie-secret, creating it (mode 600) on first use. Returns null when the stored one is too short. */
export function storedCookieSecret(dataDir: string): string | null {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, COOKIE_SECRET_FILE);
  // Written to a private temporary file, then linked into place: link() fails when the file exists, so two
  // processes starting together both end up with the first one's complete secret.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const secret = readFileSync(file, 'utf8').trim();
  return secret.length >= COOKIE_SECRET_MIN_LENGTH ? secret : null;
}
