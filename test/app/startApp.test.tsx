import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deviceStorage } from '../../src/app/persistence/localPersistence.ts';
import { startApp } from '../../src/app/startApp.tsx';
import { fakeApi, json, networkFailure } from './fakeApi.ts';

const stops: Array<() => void> = [];

afterEach(async () => {
  act(() => stops.splice(0).forEach((stop) => stop()));
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await deviceStorage.clear();
});

const mount = (path: string) => {
  window.history.pushState({}, '', path);
  const root = document.createElement('div');
  document.body.append(root);
  stops.push(startApp(root));
};

describe('startApp', () => {
  it('starts the session, reads the plan, and shows the guarded page', async () => {
    const api = fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'free' }),
    });
    mount('/result');
    expect(await screen.findByText('Loading your data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/form');
    expect(await within(screen.getByRole('banner')).findByText('Free')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/session', 'GET /api/whoami']);
  });

  it('goes on with the device copy when the session call fails', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    mount('/form');
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument());
  });
});
