// Every kind of secret the server compares, with the bounds on its wrong guesses. A route that checks a secret
// names its kind in its declaration (`config: { secret }`); the gate (secretGate.ts) is the only place a
// secret is compared and counted. A new kind (a share token, a pairing code) is one entry here.
//
// Each kind has its own counters, per browser and per network, so wrong guesses of one kind never use up
// another's, nor the API allowance students spend. Two ways to guard a kind:
// - a long token nobody can guess (`guessable: false`): the right one is tested first and always admitted,
//   counted only by its route's own rate, so a stranger spraying wrong tokens from the operator's network never
//   locks the operator (or the operator's scraper) out; wrong ones are counted and answered 429 past the bound;
// - a short code a guesser could find (`guessable: true`): once the wrong guesses are spent, every check of
//   that browser or network waits, the right code too, so that a 429 says nothing about the code tried.
import type { WindowLimit } from '../limits/limitStore.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface Refusal {
  code: string;
  message: string;
}

interface KindBounds {
  guessable: boolean;
  /** Wrong guesses one browser (its session cookie's uid) may make per window. */
  wrongPerBrowser: WindowLimit;
  /** A second, longer bound on one browser's wrong guesses (a day's, beside a minute's). */
  wrongPerBrowserLonger?: WindowLimit;
  /** Wrong guesses one network may make per window, whatever browsers it uses. */
  wrongPerNetwork: WindowLimit;
  /** The 429 once a bound is reached; `{wait}` stands for the seconds to wait. */
  tooMany: Refusal;
}

/** A token the operator configures and sends as `Authorization: Bearer <token>`, checked before its route runs. */
interface BearerKind extends KindBounds {
  presented: 'bearer';
  /** The 401 for a missing or wrong token (with `WWW-Authenticate: Bearer`). */
  unauthorized: Refusal;
  /** The 403 when no token is configured: the routes behind it are switched off. */
  disabled: Refusal;
}

/** A secret the route's handler looks up itself (a code in the database), through the gate. */
interface LookedUpKind extends KindBounds {
  presented: 'looked-up';
}

export type SecretKind = BearerKind | LookedUpKind;

/** The operator's tokens have the same bounds and words, with their own name (`admin`: ADMIN_TOKEN). */
const operatorToken = (name: 'admin' | 'metrics', switchedOff: string): BearerKind => ({
  presented: 'bearer',
  guessable: false,
  wrongPerBrowser: { max: 5, windowMs: MINUTE_MS },
  wrongPerNetwork: { max: 10, windowMs: MINUTE_MS },
  tooMany: { code: 'rate_limited', message: `Too many wrong ${name} tokens. Try again in {wait} seconds.` },
  unauthorized: { code: 'unauthorized', message: `A valid ${name} token is required: send Authorization: Bearer <${name.toUpperCase()}_TOKEN>.` },
  disabled: { code: `${name}_disabled`, message: `${switchedOff} disabled on this server: no ${name.toUpperCase()}_TOKEN is configured.` },
});

export const SECRET_KINDS = {
  'admin-token': operatorToken('admin', 'Admin calls are'),
  'metrics-token': operatorToken('metrics', 'Metrics are'),
  // Only a code that is not this browser's counts as wrong: a student re-checking their own code (even an
  // expired or used one) is never slowed down.
  'discount-code': {
    presented: 'looked-up',
    guessable: true,
    wrongPerBrowser: { max: 5, windowMs: 15 * MINUTE_MS },
    wrongPerNetwork: { max: 15, windowMs: 15 * MINUTE_MS },
    tooMany: { code: 'discount_code_attempts', message: 'Too many wrong discount codes. Please wait a few minutes and try again.' },
  },
  // A link's token: the share's id and 256 random bits. Only a token whose id is unknown, or whose secret is not
  // the live link's, counts as wrong; a link that expired or was stopped is answered as such, not counted.
  'share-token': {
    presented: 'looked-up',
    guessable: false,
    wrongPerBrowser: { max: 10, windowMs: 15 * MINUTE_MS },
    wrongPerNetwork: { max: 30, windowMs: 15 * MINUTE_MS },
    tooMany: { code: 'share_link_attempts', message: 'Too many links that do not work were opened from your network. Try again in {wait} seconds.' },
  },
  // A new device's code, typed on the device holding the work. Only a code no pairing ever had counts as wrong;
  // an expired or used one is answered as such. A phone on mobile data approves a laptop on library Wi-Fi, so
  // nothing ties the code to a network; 300 a day lets a school's students pair while a guesser's chance stays
  // tiny (each pending pairing also ends after 5 near misses: pairings.ts).
  'pairing-code': {
    presented: 'looked-up',
    guessable: true,
    wrongPerBrowser: { max: 5, windowMs: MINUTE_MS },
    wrongPerBrowserLonger: { max: 30, windowMs: DAY_MS },
    wrongPerNetwork: { max: 300, windowMs: DAY_MS },
    tooMany: { code: 'pairing_code_attempts', message: 'Too many codes that do not work were typed. Try again in {wait} seconds.' },
  },
} as const satisfies Record<string, SecretKind>;

export type SecretKindName = keyof typeof SECRET_KINDS;

/** The kinds sent as a bearer token, whose value comes from the configuration. */
export type BearerKindName = { [K in SecretKindName]: (typeof SECRET_KINDS)[K] extends BearerKind ? K : never }[SecretKindName];

export const isBearerKind = (kind: SecretKindName): kind is BearerKindName => SECRET_KINDS[kind].presented === 'bearer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of secret this route checks: the gate checks a bearer kind before the route runs. */
    secret?: SecretKindName;
  }
}
