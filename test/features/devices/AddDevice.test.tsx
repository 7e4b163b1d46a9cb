// "Add a device" on the device holding the work: the warning word for word, the code looked up to show the new
// device's label, nothing approved before Approve, and the server's refusals in its words.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADD_DEVICE_WARNING, AddDevice } from '../../../src/features/devices/pairing/AddDevice.tsx';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const LABEL = { label: 'Safari on iPhone', expiresAt: '2026-03-02T09:10:00.000Z' };

describe('Add a device', () => {
  it('shows the warning, looks the QR link’s code up for the label, and approves only on Approve', async () => {
    const api = fakeApi({
      'POST /api/devices/pairing/check': () => json(LABEL),
      'POST /api/devices/approve': () => json({ approved: true, label: 'Safari on iPhone' }),
    });
    const { user } = renderWithProviders(<AddDevice initialCode="BCDF-GHJK" />);
    expect(screen.getByText(ADD_DEVICE_WARNING)).toBeInTheDocument();
    expect(ADD_DEVICE_WARNING).toBe('Only approve a code shown on a screen in front of you. Anyone you give this code to can read and change all your work.');
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
    expect(screen.getByLabelText(/Code shown on the new device/)).toHaveValue('BCDF-GHJK');
    expect(api.callsTo('POST /api/devices/approve')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Approved\. Safari on iPhone can now continue your work/)).toBeInTheDocument();
    const [approve] = api.callsTo('POST /api/devices/approve');
    expect(JSON.parse(String(approve?.init.body))).toEqual({ userCode: 'BCDF-GHJK' });
  });

  it('checks a typed code, refuses one that cannot be a code without asking, and says why the server refused another', async () => {
    const api = fakeApi({
      'POST /api/devices/pairing/check': () => json({ error: 'This code was already used. Ask the new device for a new code.', code: 'pairing_code_used' }, 410),
    });
    const { user } = renderWithProviders(<AddDevice />);
    const field = screen.getByLabelText(/Code shown on the new device/);
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByText('A code is 8 letters, as BCDF-GHJK.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/devices/pairing/check')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'bcdf ghjk');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByText('This code was already used. Ask the new device for a new code.')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('POST /api/devices/pairing/check')).toHaveLength(1), CONDITION_WAIT);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
