// The one check every secret goes through (the kinds and their bounds are in secretKinds.ts): tokens are
// compared in constant time, looked-up codes through the route's own lookup, and wrong ones are counted in the
// limit store per kind, per browser and per network, apart from every request rate. A browser over its own
// bound is refused before its network is counted, so one browser's guesses do not spend its classmates' bound.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { LimitStore, LimitVerdict, WindowLimit } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';
import { type BearerKindName, SECRET_KINDS, type SecretKind, type SecretKindName } from './secretKinds.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Equal-length digests, so neither the comparison nor its length check leaks how much of the secret matched. */
const secretsMatch = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

/** The token of an `Authorization: Bearer <token>` header. */
const bearerToken = (header: string | undefined): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

type Caller = Pick<FastifyRequest, 'uid' | 'ip'>;

export interface SecretGate {
  /**
   * Looks a presented secret up through the gate: `lookUp` finds it, `isWrong` says whether what it found is a
   * wrong guess. Throws 429 when the caller's wrong guesses of this kind are spent (for a guessable kind, before
   * looking; for a long token, only when this one is wrong too). Returns what `lookUp` found.
   */
  check<T>(kind: SecretKindName, caller: Caller, lookUp: () => T | Promise<T>, isWrong: (found: T) => boolean): Promise<T>;
  /** The bearer token of the request against the configured one: returns when right, else throws 401, 403 or 429. */
  requireBearer(kind: BearerKindName, request: FastifyRequest): Promise<void>;
  /** For a guessable kind: throws 429 when the caller's wrong guesses are spent, before anything is presented. */
  refuseSpent(kind: SecretKindName, caller: Caller): Promise<void>;
}

export interface SecretGateOptions {
  store: LimitStore;
  /** Each bearer kind's configured token; undefined switches its routes off. */
  tokens: Readonly<Record<BearerKindName, string | undefined>>;
}

export function createSecretGate({ store, tokens }: SecretGateOptions): SecretGate {
  /** Each bound of the kind with its counter's key (none for a browser without a session). */
  const bounds = (kind: SecretKindName, caller: Caller): Array<readonly [string, WindowLimit]> => {
    const bounded: SecretKind = SECRET_KINDS[kind];
    const browser = caller.uid === null ? [] : [
      [`secret:${kind}:wrong:browser:${caller.uid}`, bounded.wrongPerBrowser] as const,
      ...(bounded.wrongPerBrowserLonger ? [[`secret:${kind}:wrong:browser-long:${caller.uid}`, bounded.wrongPerBrowserLonger] as const] : []),
    ];
    return [...browser, [`secret:${kind}:wrong:network:${networkKey(caller.ip)}`, bounded.wrongPerNetwork] as const];
  };

  const refuse = (kind: SecretKindName, limit: WindowLimit, verdict: LimitVerdict): HttpError => {
    const { code, message } = SECRET_KINDS[kind].tooMany;
    const wait = Math.max(1, verdict.retryAfterSeconds || Math.ceil(limit.windowMs / 1000));
    return HttpError.retryLater(code, message.replace('{wait}', String(wait)), wait);
  };

  /** Throws when a bound is already spent, without counting (full windows refuse: a peek answers count <= max). */
  const refuseSpent = async (kind: SecretKindName, caller: Caller) => {
    for (const [key, limit] of bounds(kind, caller)) {
      const verdict = await store.peek(key, limit);
      if (verdict.count >= limit.max) throw refuse(kind, limit, verdict);
    }
  };

  /** Counts one wrong guess; for a long token, throws once this guess is past a bound. */
  const countWrong = async (kind: SecretKindName, caller: Caller) => {
    const { guessable } = SECRET_KINDS[kind];
    for (const [key, limit] of bounds(kind, caller)) {
      const verdict = await store.hit(key, limit);
      if (!guessable && !verdict.allowed) throw refuse(kind, limit, verdict);
    }
  };

  const gate: SecretGate = {
    async check(kind, caller, lookUp, isWrong) {
      if (SECRET_KINDS[kind].guessable) await refuseSpent(kind, caller);
      const found = await lookUp();
      if (isWrong(found)) await countWrong(kind, caller);
      return found;
    },
    async requireBearer(kind, request) {
      const { disabled, unauthorized } = SECRET_KINDS[kind];
      const expected = tokens[kind];
      if (expected === undefined) throw new HttpError(403, disabled.code, disabled.message);
      const given = bearerToken(request.headers.authorization);
      const right = await gate.check(kind, request, () => given !== undefined && secretsMatch(given, expected), (match) => !match);
      if (!right) throw new HttpError(401, unauthorized.code, unauthorized.message, { 'www-authenticate': 'Bearer' });
    },
    refuseSpent,
  };
  return gate;
}
