// "Your devices" in "Your data": the list with Sign out on each row, and "Sign out of this device", which syncs
// first and asks before discarding changes that are still only on this device.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { whenSignedOut } from '../../../src/api/index.ts';
import { makeStore } from '../../../src/app/store.ts';
import { DevicesPanel } from '../../../src/features/devices/index.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const OPEN_LIST = 'Show the browsers signed in to your work';

const LAPTOP = { id: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Chrome on Windows', firstSeenAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '2026-03-02T09:00:00.000Z', current: true };
const PHONE = { id: 'BBBBBBBBBBBBBBBBBBBBBB', label: 'Safari on iPhone', firstSeenAt: '2026-03-01T18:00:00.000Z', lastSeenAt: '2026-03-01T19:00:00.000Z', current: false };

/** A store whose device holds edits of two questionnaire sections the server has not got yet. */
function storeWithUnsentEdits() {
  const { sync } = makeStore().getState();
  return makeStore({ sync: { ...sync, saved: { revision: 1, dirty: ['basicInfo', 'academics'], resetPending: false } } });
}

describe('Your devices', () => {
  it('lists the devices, this one marked, and signs another out with its row’s Sign out', async () => {
    const api = fakeApi({
      'GET /api/devices': [() => json({ devices: [LAPTOP, PHONE] }), () => json({ devices: [LAPTOP] })],
      [`DELETE /api/devices/${PHONE.id}`]: () => json({ signedOut: true, current: false }),
    });
    const { user } = renderWithProviders(<DevicesPanel />);
    // Asked for only when opened: no page load pays for it.
    expect(api.callsTo('GET /api/devices')).toEqual([]);
    await user.click(screen.getByText(OPEN_LIST));
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Chrome on Windows (this device)'), expect.stringContaining('Safari on iPhone'),
    ]);
    const phoneRow = screen.getByRole('listitem', { name: 'Safari on iPhone' });
    await user.click(within(phoneRow).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull(), CONDITION_WAIT);
    expect(api.callsTo(`DELETE /api/devices/${PHONE.id}`)).toHaveLength(1);
    expect(api.callsTo('DELETE /api/session')).toEqual([]);
  });

  it('says why a device could not be signed out', async () => {
    fakeApi({
      'GET /api/devices': () => json({ devices: [LAPTOP, PHONE] }),
      [`DELETE /api/devices/${PHONE.id}`]: () => json({ error: 'That device is not signed in to your work.', code: 'device_not_found' }, 404),
    });
    const { user } = renderWithProviders(<DevicesPanel />);
    await user.click(screen.getByText(OPEN_LIST));
    const phoneRow = await screen.findByRole('listitem', { name: 'Safari on iPhone' });
    await user.click(within(phoneRow).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('That device could not be signed out: That device is not signed in to your work.')).toBeInTheDocument();
  });

  it('"Sign out of this device" offline: syncs first, then says how many changes are only here; Stay signed in signs nothing out', async () => {
    const api = fakeApi({ 'GET /api/devices': () => json({ devices: [LAPTOP] }), 'PUT /api/forms/me': networkFailure, 'POST /api/session': networkFailure });
    const { user } = renderWithProviders(<DevicesPanel />, { store: storeWithUnsentEdits() });
    await user.click(await screen.findByRole('button', { name: 'Sign out of this device' }));
    const dialog = await screen.findByRole('dialog', { name: '2 changes are only on this device' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /api/session')).toEqual([]);
  });

  it('"Sign out and discard" ends this device’s session, and the app is told to erase its copy', async () => {
    const api = fakeApi({
      'GET /api/devices': () => json({ devices: [LAPTOP] }), 'PUT /api/forms/me': networkFailure, 'POST /api/session': networkFailure,
      'DELETE /api/session': () => new Response(null, { status: 204 }),
    });
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    const { user } = renderWithProviders(<DevicesPanel />, { store: storeWithUnsentEdits() });
    await user.click(screen.getByText(OPEN_LIST));
    const thisRow = await screen.findByRole('listitem', { name: 'Chrome on Windows (this device)' });
    await user.click(within(thisRow).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: '2 changes are only on this device' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }));
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce(), CONDITION_WAIT);
    expect(api.callsTo('DELETE /api/session')).toHaveLength(1);
  });
});
