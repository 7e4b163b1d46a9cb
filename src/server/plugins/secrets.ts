// Puts the secret gate (src/server/secrets/secretGate.ts) in front of every route that declares a secret,
// `config: { secret: kind }`. Registered before the request rates (rateLimits.ts), so a wrong secret is counted
// only by its kind's own counters, never by the route's rate or the API allowance students spend, and the right
// one meets only its route's rate:
// - a bearer kind (the admin and metrics tokens) is checked here, before the route runs: the route never sees
//   the token;
// - a looked-up kind (discount codes) is checked by its handler through `request.checkSecret(...)`, which
//   refuses a route that has not declared that kind, so the declarations name every route that checks one.
//   A guesser whose wrong guesses of a guessable kind are spent is refused here already, before the rates, so
//   the requests it keeps sending spend none of the allowance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SecretGate } from '../secrets/secretGate.ts';
import { isBearerKind, SECRET_KINDS, type SecretKindName } from '../secrets/secretKinds.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gate's `check` for this request, allowed only on a route that declares `kind`. */
    checkSecret<T>(kind: SecretKindName, lookUp: () => T | Promise<T>, isWrong: (found: T) => boolean): Promise<T>;
  }
}

export interface SecretsOptions {
  gate: SecretGate;
}

async function secrets(app: FastifyInstance, { gate }: SecretsOptions): Promise<void> {
  app.decorateRequest('checkSecret', function checkSecret<T>(
    this: FastifyRequest, kind: SecretKindName, lookUp: () => T | Promise<T>, isWrong: (found: T) => boolean,
  ): Promise<T> {
    const declared = this.routeOptions.config.secret;
    if (declared !== kind) {
      throw new Error(`${this.method} ${this.routeOptions.url ?? ''} checks a ${kind} but declares ${declared ?? 'no secret'}: add config: { secret: '${kind}' } beside it.`);
    }
    return gate.check(kind, this, lookUp, isWrong);
  });

  app.addHook('onRequest', async (request) => {
    const kind = request.routeOptions.config.secret;
    if (kind === undefined) return;
    if (isBearerKind(kind)) await gate.requireBearer(kind, request);
    else if (SECRET_KINDS[kind].guessable) await gate.refuseSpent(kind, request);
  });
}

export default fp(secrets, { name: 'secrets' });
