// The short code a new device shows and the device holding the work types in: 8 letters from an alphabet with
// no vowels (no words) and none that look alike (no I, O, U, Y, A, E), shown in two groups of four as
// `BCDF-GHJK`. 20 letters to the 8th power is about 2.6 × 10^10 codes; a code lives 10 minutes, works once, and
// wrong guesses are bounded by the secret gate. Shared by the server and the browser (no zod here).
export const PAIRING_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const PAIRING_CODE_LENGTH = 8;
/** What the new device is told between polls, in seconds; polling faster is answered `slow_down`. */
export const PAIRING_POLL_INTERVAL_SECONDS = 5;
export const PAIRING_LIFETIME_MINUTES = 10;

/** `BCDFGHJK` as it is shown and typed: `BCDF-GHJK`. */
export const formatPairingCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What the student typed, as the code's 8 letters: case, spaces and dashes do not matter. Undefined when it
 * cannot be a code (a letter outside the alphabet, too short or too long).
 */
export function normalisePairingCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== PAIRING_CODE_LENGTH) return undefined;
  return [...letters].every((letter) => PAIRING_ALPHABET.includes(letter)) ? letters : undefined;
}

/** The QR link's path: the code rides in the fragment, so it never reaches a server log or a Referer. */
export const addDevicePath = (code: string): string => `/add-device#code=${formatPairingCode(code)}`;

/** The code in an `/add-device` fragment (`#code=BCDF-GHJK`), if it holds one. */
export function codeFromFragment(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return value === null ? undefined : normalisePairingCode(value);
}
