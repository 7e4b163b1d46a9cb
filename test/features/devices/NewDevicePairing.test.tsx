// "Continue from another device" on the new device: the code, its QR code and expiry; polling at the server's
// interval until approved; whose work before Continue (or Replace this device's work when it holds its own);
// an expired code said in words. Taking the session hands the page over: the app is told to start again at
// the questionnaire, and no other call leaves the page (the last test, as it leaves the page handed over).
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { whenSignedOut } from '../../../src/api/index.ts';
import { makeStore } from '../../../src/app/store.ts';
import { NewDevicePairing } from '../../../src/features/devices/pairing/NewDevicePairing.tsx';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

const STARTED = { pairingId: 'P'.repeat(43), userCode: 'BCDF-GHJK', expiresAt: '2099-03-02T09:10:00.000Z', interval: 1 };
const pending = () => json({ error: 'Waiting for the code to be approved on the other device.', code: 'authorization_pending' }, 400);
const approved = (taken: boolean) => () => json({ status: 'approved', owner: { firstName: 'Maya', startedAt: '2026-03-01T09:00:00.000Z' }, taken });
const WAIT = { timeout: 5000 };

function storeHoldingWork() {
  const { wizard } = makeStore().getState();
  return makeStore({ wizard: { ...wizard, basicInfo: { ...wizard.basicInfo, fullName: 'Sam Lee' } } });
}

describe('Continue from another device', () => {
  it('says an expired code in words and offers a new one', async () => {
    fakeApi({
      'POST /api/devices/pairing': () => json(STARTED),
      'POST /api/devices/pairing/poll': () => json({ error: 'This code has expired. Ask for a new code.', code: 'expired_token' }, 400),
    });
    renderWithProviders(<NewDevicePairing onCancel={() => undefined} />);
    expect(await screen.findByText('This code has expired. Ask for a new code.', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeInTheDocument();
  });

  it('asks to replace this device’s work when it holds its own', async () => {
    fakeApi({ 'POST /api/devices/pairing': () => json(STARTED), 'POST /api/devices/pairing/poll': approved(false) });
    renderWithProviders(<NewDevicePairing onCancel={() => undefined} />, { store: storeHoldingWork() });
    expect(await screen.findByRole('button', { name: 'Replace this device’s work' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('shows the code, its QR code and expiry, waits, then says whose work and takes it on Continue only', async () => {
    const api = fakeApi({
      'POST /api/devices/pairing': () => json(STARTED),
      'POST /api/devices/pairing/poll': [pending, approved(false), approved(true)],
    });
    const restartAt = vi.fn();
    whenSignedOut(restartAt);
    const { user } = renderWithProviders(<NewDevicePairing onCancel={() => undefined} />);
    expect(await screen.findByText('BCDF-GHJK')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText(/expires at/)).toBeInTheDocument();

    expect(await screen.findByText(/This device will open/, {}, WAIT)).toHaveTextContent('This device will open Maya’s work, started');
    expect(api.callsTo('POST /api/devices/pairing/poll')).toHaveLength(2);
    expect(restartAt).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(restartAt).toHaveBeenCalledWith('/form'), WAIT);
    const take = api.callsTo('POST /api/devices/pairing/poll').at(-1);
    expect(JSON.parse(String(take?.init.body))).toEqual({ pairingId: STARTED.pairingId, take: true });
  });
});
