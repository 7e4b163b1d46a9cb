// Pairing a new device with a student's work, as TVs sign in (the device authorization grant, RFC 8628):
// - POST /api/devices/pairing `{}`: the new device asks; it gets a pairing id (bound to its session), a short code
//   to show, the expiry and the poll interval. A visitor gets a session first.
// - POST /api/devices/pairing/poll: the new device waits (400 authorization_pending, slow_down, expired_token,
//   access_denied); once approved it is told whose work it opens, and `take: true` sets that student's session
//   in its cookie (never a token in the body). A pairing is taken once.
// - POST /api/devices/pairing/check and POST /api/devices/approve: the device holding the work types the code,
//   sees the new device's label, and approves it. Both look the code up through the secret gate; a code is
//   never logged (it travels in bodies only, and the fragment of the QR link).
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema, pairingApprovedSchema, pairingApproveResultSchema, pairingPollSchema, pairingRequestSchema, pairingStartedSchema,
  pairingStartSchema,
  userCodeRequestSchema,
} from '../../../common/contract/contract.ts';
import { formatPairingCode, normalisePairingCode, PAIRING_POLL_INTERVAL_SECONDS } from '../../../common/devices/pairingCode.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, KIB, loopCpu, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import { deviceLabel } from '../../session/deviceLabel.ts';
import {
  approvePairing, type CodeLookup, countNearMiss, findPairing, lookUpCode, markPolled, startPairing, takePairing,
} from './pairings.ts';
import { pairingOwner } from './pairingOwner.ts';

export interface PairingRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const PAIRING_ROW = { bytes: KIB, rows: 1 };
const START: RouteBudget = {
  body: 'contract', rate: apiRate(5),
  storage: { what: 'device pairings', perBrowser: { bytes: 30 * PAIRING_ROW.bytes, rows: 30 } },
  use: '"Continue from another device" on a new device: a code or two, asked again when one expires',
  cpu: loopCpu(10, 'no input: a pairing row written'),
};
const POLL: RouteBudget = {
  body: 'contract', rate: apiRate(30),
  storage: storesNothing('no student data: marks when the pairing was polled; taken, once, the approved device\'s session row (under 400 bytes) replaces this browser\'s'),
  use: 'the new device waiting for approval, one poll every 5 seconds for up to 10 minutes',
  cpu: loopCpu(10, 'an approved pairing taken: a session written'),
};
const CHECK: RouteBudget = {
  body: 'contract', rate: apiRate(10), storage: storesNothing('reads the pairing a code stands for'),
  use: '"Add a device": the student types the new device\'s code and sees its label',
  cpu: loopCpu(5, 'a code of 20 characters looked up'),
};
const APPROVE: RouteBudget = {
  body: 'contract', rate: apiRate(10), storage: storesNothing('marks the pairing approved'),
  use: '"Approve" on the device holding the work, once for each new device',
  cpu: loopCpu(5, 'a code of 20 characters looked up and approved'),
};

const pollRefusal = (code: string, message: string) => new HttpError(400, code, message);
const EXPIRED = () => pollRefusal('expired_token', 'This code has expired. Ask for a new code.');

const codeRefusal = (found: Exclude<CodeLookup, { state: 'live' }>): HttpError => {
  if (found.state === 'expired') return new HttpError(410, 'pairing_code_expired', 'This code has expired. Ask the new device for a new code.');
  if (found.state === 'used') return new HttpError(410, 'pairing_code_used', 'This code was already used. Ask the new device for a new code.');
  return new HttpError(404, 'pairing_code_unknown', 'No device is showing this code. Check the code on the new device\'s screen.');
};

export const pairingRoutes: FastifyPluginAsyncZod<PairingRoutesOptions> = async (app, { db, clock }) => {
  app.post('/api/devices/pairing', {
    config: { budget: START },
    schema: { body: pairingStartSchema, response: { 200: pairingStartedSchema, 429: errorBodySchema } },
  }, async (request, reply) => {
    await app.ensureSession(request, reply);
    await request.spendStorage(PAIRING_ROW);
    const deviceId = request.deviceId ?? '';
    const started = await startPairing(db, { deviceId, label: deviceLabel(request.headers['user-agent']), at: clock() });
    return {
      pairingId: started.pairingId, userCode: formatPairingCode(started.code), expiresAt: started.expiresAt.toISOString(),
      interval: PAIRING_POLL_INTERVAL_SECONDS,
    };
  });

  app.post('/api/devices/pairing/poll', {
    config: { budget: POLL },
    schema: { body: pairingPollSchema, response: { 200: pairingApprovedSchema, 400: errorBodySchema } },
  }, async (request, reply) => {
    const now = clock();
    const pairing = await findPairing(db, request.body.pairingId);
    // Only the browser that asked may poll: to anyone else the pairing does not exist.
    if (pairing === undefined || request.deviceId === null || pairing.device_id !== request.deviceId) throw EXPIRED();
    if (pairing.state === 'ended') throw pollRefusal('access_denied', 'This code was ended after too many wrong tries. Ask for a new code.');
    if (pairing.state === 'used' || pairing.expires_at <= now) throw EXPIRED();
    if (pairing.state === 'pending') {
      if (pairing.last_polled_at !== null && now.getTime() - pairing.last_polled_at.getTime() < PAIRING_POLL_INTERVAL_SECONDS * 1000) {
        throw pollRefusal('slow_down', `Polled too soon: wait ${PAIRING_POLL_INTERVAL_SECONDS} seconds between polls.`);
      }
      await markPolled(db, pairing.id, now);
      throw pollRefusal('authorization_pending', 'Waiting for the code to be approved on the other device.');
    }
    const uid = pairing.uid ?? '';
    const owner = await pairingOwner(db, uid);
    if (request.body.take !== true) return { status: 'approved' as const, owner, taken: false };
    if (!(await takePairing(db, pairing.id))) throw EXPIRED();
    await app.startSession(request, reply, uid);
    return { status: 'approved' as const, owner, taken: true };
  });

  /** The live pending pairing a typed code stands for, through the gate; anything else is refused in words. */
  const livePairing = async (request: { body: { userCode: string } } & Parameters<typeof app.ensureSession>[0]) => {
    const now = clock();
    const code = normalisePairingCode(request.body.userCode);
    const found = await request.checkSecret('pairing-code', async (): Promise<CodeLookup> => {
      if (code === undefined) return { state: 'wrong' };
      const looked = await lookUpCode(db, code, now);
      if (looked.state === 'wrong') await countNearMiss(db, code, now);
      return looked;
    }, (result) => result.state === 'wrong');
    if (found.state !== 'live') throw codeRefusal(found);
    if (found.pairing.device_id === request.deviceId) throw new HttpError(409, 'pairing_same_device', 'This code is shown by this same device: type it on the device that holds your work.');
    return { pairing: found.pairing, now };
  };

  app.post('/api/devices/pairing/check', {
    config: { budget: CHECK, secret: 'pairing-code' },
    schema: { body: userCodeRequestSchema, response: { 200: pairingRequestSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema } },
  }, async (request) => {
    request.requireUid();
    const { pairing } = await livePairing(request);
    return { label: pairing.label, expiresAt: pairing.expires_at.toISOString() };
  });

  app.post('/api/devices/approve', {
    config: { budget: APPROVE, secret: 'pairing-code' },
    schema: { body: userCodeRequestSchema, response: { 200: pairingApproveResultSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const { pairing, now } = await livePairing(request);
    if (!(await approvePairing(db, pairing.id, uid, now))) {
      throw new HttpError(410, 'pairing_code_expired', 'This code has expired. Ask the new device for a new code.');
    }
    return { approved: true as const, label: pairing.label };
  });
};
