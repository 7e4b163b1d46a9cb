// "Sign out of this device" when the server has every change: it syncs (nothing to send), ends this device's
// session at once without asking, and the app is told to erase its copy. Its own file: once told, this page's
// API client sends nothing more.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { whenSignedOut } from '../../../src/api/index.ts';
import { DevicesPanel } from '../../../src/features/devices/index.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const LAPTOP = { id: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Chrome on Windows', firstSeenAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '2026-03-02T09:00:00.000Z', current: true };

describe('Sign out of this device, everything synced', () => {
  it('asks nothing, ends the session, and the app erases its copy', async () => {
    const api = fakeApi({
      'GET /api/devices': () => json({ devices: [LAPTOP] }),
      'DELETE /api/session': () => new Response(null, { status: 204 }),
    });
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    const { user } = renderWithProviders(<DevicesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Sign out of this device' }));
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce(), CONDITION_WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE /api/session')).toHaveLength(1);
    expect(api.callsTo('PUT /api/forms/me')).toEqual([]);
    // Nothing more leaves this page.
    await user.click(screen.getByRole('button', { name: 'Sign out of this device' }));
    expect(api.callsTo('DELETE /api/session')).toHaveLength(1);
  });
});
