// The devices a student is signed in on: GET /api/devices lists them (label, first and last seen, which one is
// asking), DELETE /api/devices/:id signs one out at once (its next request gets 401 signed_out). Only the
// public id travels; a session's secret never appears in a response, a URL or a log line. PUT
// /api/session/shared marks this device's session as on a shared computer (it then ends after 30 minutes idle).
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceParamsSchema, deviceSignedOutSchema, devicesResponseSchema, errorBodySchema, sharedComputerSchema,
} from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget, storesNothing } from '../../limits/budgets.ts';
import { listDevices, markDeviceShared, signOutDevice } from '../../session/deviceSessions.ts';

export interface DevicesRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

const LIST = noBodyBudget(apiRate(30), 'reads the student\'s devices',
  '"Your data" showing the devices, when it opens and after a sign-out', loopCpu(10, 'no input: the student\'s device rows read'));
const SIGN_OUT = noBodyBudget(apiRate(10), 'ends a device\'s session', 'signing one of the student\'s devices out, now and then',
  loopCpu(10, 'the asking device signed out'));

const SHARED: RouteBudget = {
  body: 'contract',
  rate: apiRate(10),
  storage: storesNothing('one flag on this device\'s session row'),
  use: 'ticking or unticking "This is a shared computer", and the app saying so again as it starts in that tab',
  cpu: loopCpu(5, 'a boolean: this device\'s session row updated'),
};

export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = async (app, { db, clock }) => {
  app.get('/api/devices', {
    config: { budget: LIST },
    schema: { response: { 200: devicesResponseSchema, 401: errorBodySchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const devices = await listDevices(db, uid);
    return {
      devices: devices.map((device) => ({
        id: device.id, label: device.label, firstSeenAt: device.firstSeenAt.toISOString(), lastSeenAt: device.lastSeenAt.toISOString(),
        current: device.id === request.deviceId,
      })),
    };
  });

  // "This is a shared computer": the session then ends after 30 minutes idle (src/server/session/deviceSessions.ts).
  app.put('/api/session/shared', {
    config: { budget: SHARED },
    schema: { body: sharedComputerSchema, response: { 200: sharedComputerSchema, 401: errorBodySchema } },
  }, async (request) => {
    request.requireUid();
    const { shared } = request.body;
    if (request.deviceId !== null) await markDeviceShared(db, request.deviceId, shared, clock());
    return { shared };
  });

  app.delete('/api/devices/:id', {
    config: { budget: SIGN_OUT },
    schema: { params: deviceParamsSchema, response: { 200: deviceSignedOutSchema, 401: errorBodySchema, 404: errorBodySchema } },
  }, async (request, reply) => {
    const uid = request.requireUid();
    const { id } = request.params;
    if (id === request.deviceId) {
      await app.endSession(request, reply);
      return { signedOut: true as const, current: true };
    }
    if (!(await signOutDevice(db, uid, id, clock()))) {
      throw new HttpError(404, 'device_not_found', 'That device is not signed in to your work.');
    }
    return { signedOut: true as const, current: false };
  });
};
