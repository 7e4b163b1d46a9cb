// A page handed over to another session (a paired device taking the work it was approved for): while the
// taking call is under way no other call leaves it, so nothing of its own copy reaches that student's
// documents; a take that fails changes nothing; one that succeeds leaves the page as a signed-out one, told
// where to start again. Its own file: the page stays handed over.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, endpoints, handOverDevice, whenSignedOut } from '../../src/api/index.ts';
import { pendingErasure } from '../../src/client-core/erasureMark.ts';
import { answerLater, fakeApi, json } from '../app/fakeApi.ts';
import { CONDITION_WAIT } from '../setup/conditionWait.ts';

const FORM = { document: null, revision: 0, updatedAt: null };

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('handing the page over to another session', () => {
  it('sends nothing else while taking, goes on as before when the take fails, and is left signed out after one that succeeds', async () => {
    const later = answerLater();
    const api = fakeApi({
      'POST /api/devices/pairing/poll': [
        () => json({ error: 'This code has expired. Ask for a new code.', code: 'expired_token' }, 400),
        later.handler,
      ],
      'GET /api/forms/me': () => json(FORM),
    });
    const restartAt = vi.fn();
    whenSignedOut(restartAt);
    const take = () => apiRequest(endpoints.pollPairing, { body: { pairingId: 'P'.repeat(43), take: true }, handOver: true }).then(() => undefined);

    await expect(handOverDevice(take, '/form')).rejects.toBeInstanceOf(ApiError);
    expect(restartAt).not.toHaveBeenCalled();
    expect(pendingErasure()).toBeNull();
    await apiRequest(endpoints.loadForm);
    expect(api.callsTo('GET /api/forms/me')).toHaveLength(1);

    const handing = handOverDevice(take, '/form');
    await vi.waitFor(() => expect(api.callsTo('POST /api/devices/pairing/poll')).toHaveLength(2), CONDITION_WAIT);
    await expect(apiRequest(endpoints.loadForm)).rejects.toMatchObject({ code: 'signed_out' });
    // Marked before the take left: a reload between its answer (the new cookie) and the erasure still erases.
    expect(pendingErasure()).toBe('all');
    later.answer(json({ status: 'approved', owner: { firstName: 'Maya', startedAt: null }, taken: true }));
    await handing;
    expect(restartAt).toHaveBeenCalledWith('/form');
    await expect(apiRequest(endpoints.loadForm)).rejects.toMatchObject({ code: 'signed_out' });
    expect(api.callsTo('GET /api/forms/me')).toHaveLength(1);
  });
});
