import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deviceStorage } from '../../src/app/persistence/deviceStorage.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { remoteRevisionReached } from '../../src/app/persistence/syncSlice.ts';
import { startApp } from '../../src/app/startApp.tsx';
import { makeStore } from '../../src/app/store.ts';
import { formDocumentLoaded } from '../../src/client-core/documentActions.ts';
import type { FormSection } from '../../src/common/formDocument.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';
import { fakeApi, json, networkFailure } from './fakeApi.ts';
import { fullDocument } from './fixtures.ts';

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

/** A route's frame as the build writes it into #root (src/app/frames/frameMarkup.ts). */
const mountOnFrame = (path: string) => {
  window.history.pushState({}, '', path);
  const root = document.createElement('div');
  root.setAttribute('data-frame', '');
  root.setAttribute('aria-busy', 'true');
  root.innerHTML = '<main><h1>Framed page</h1><input disabled=""></main><p role="status">Loading your data...</p>';
  document.body.append(root);
  stops.push(startApp(root));
  return root;
};

const noDocument = () => json({ document: null, revision: 0, updatedAt: null });

/** A device copy read back from the server at revision 3, with `dirty` sections still to send. */
async function seedSyncedDevice(dirty: FormSection[]): Promise<void> {
  const store = makeStore();
  const seeded = startPersistence(store);
  await seeded.rehydrated;
  store.dispatch(formDocumentLoaded({ document: fullDocument(), source: 'remote' }));
  store.dispatch(remoteRevisionReached({ revision: 3, dirty }));
  await seeded.persistor.flush();
  seeded.stop();
}

/** The server of a student whose answers are saved at revision 3. */
const returningStudentApi = {
  'POST /api/session': () => json({ uid: 'anon_12345678' }),
  'GET /api/whoami': () => json({ plan: 'free' }),
  'GET /api/forms/me': () => json({ document: fullDocument(), revision: 3, updatedAt: '2026-03-01T12:00:00.000Z' }),
  'GET /api/essay-versions': () => json({ versions: [], revision: 0, more: false }),
};

describe('startApp', () => {
  it('starts the session, reads the plan and the remote copy, and shows the guarded page', async () => {
    const api = fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'free' }),
      'GET /api/forms/me': noDocument,
      'GET /api/essay-versions': () => json({ versions: [], revision: 0, more: false }),
    });
    mount('/result');
    // (The loading screen may show for a moment while the empty device copy is read: too short to look for.)
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/form');
    expect(await within(screen.getByRole('banner')).findByText('Free')).toBeInTheDocument();
    // The plan and the remote copies are read side by side after the session: the banner may show the plan
    // before the versions are asked for.
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`).sort())
      .toEqual(['GET /api/essay-versions?since=0', 'GET /api/forms/me', 'GET /api/whoami', 'POST /api/session']));
  });

  it('shows a returning student their answers before any call to the server, then starts the session', async () => {
    // Answers already saved online (read back from the server, nothing left to send): with edits still to
    // send, the sync would start at once instead, which is right for them.
    await seedSyncedDevice([]);
    const api = fakeApi(returningStudentApi);
    const callsWhenShown: string[] = [];
    mountOnFrame('/form');
    const fullName = await screen.findByLabelText(/Full name/i);
    callsWhenShown.push(...api.calls.map((call) => `${call.method} ${call.url}`));
    expect(fullName).toHaveValue('Maya Chen');
    expect(callsWhenShown).toEqual([]);
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/session'));
  });

  it('sends the edits an earlier visit left unsent at once, without waiting for the page', async () => {
    await seedSyncedDevice(['basicInfo']);
    const api = fakeApi({ ...returningStudentApi, 'PUT /api/forms/me': () => json({ revision: 4, updatedAt: '2026-03-01T12:01:00.000Z' }) });
    mountOnFrame('/form');
    await screen.findByLabelText(/Full name/i);
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/session');
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain('PUT /api/forms/me'));
  });

  it('restores the remote copy on a browser that has no device copy', async () => {
    fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'free' }),
      'GET /api/forms/me': () => json({ document: fullDocument(), revision: 3, updatedAt: '2026-03-01T12:00:00.000Z' }),
    });
    mount('/form');
    expect(await screen.findByLabelText(/Full name/i)).toHaveValue('Maya Chen');
    expect(within(screen.getByRole('banner')).getByText('Saved online')).toBeInTheDocument();
  });

  it('goes on with the device copy when the session call fails', async () => {
    const store = makeStore();
    const persistence = startPersistence(store);
    await persistence.rehydrated;
    store.dispatch(fullNameChanged('Maya from this device'));
    await persistence.persistor.flush();
    persistence.stop();

    fakeApi({ 'POST /api/session': networkFailure });
    mount('/form');
    expect(await screen.findByLabelText(/Full name/i)).toHaveValue('Maya from this device');
    await waitFor(() => expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument());
  });

  it('keeps a route\'s pre-rendered frame until the page replaces it, with no loading screen in between', async () => {
    fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'free' }),
      'GET /api/forms/me': () => json({ document: fullDocument(), revision: 3, updatedAt: '2026-03-01T12:00:00.000Z' }),
    });
    const root = mountOnFrame('/form');
    // Every screen the root shows until the page is there: the frame, then the page, nothing else.
    const screens = new Set<string>();
    const observer = new MutationObserver(() => {
      screens.add(root.querySelector('h1')?.textContent ?? (root.querySelector('[role="status"]') ? 'status' : 'empty'));
    });
    observer.observe(root, { childList: true, subtree: true });
    expect(await screen.findByLabelText(/Full name/i)).toHaveValue('Maya Chen');
    observer.disconnect();
    expect([...screens]).toEqual(['Tell us about yourself']);
    expect(screen.queryByRole('heading', { name: 'Framed page' })).not.toBeInTheDocument();
    expect(root.hasAttribute('data-frame')).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
  });

  it('replaces the frame with the load failure when nothing can be read', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    const root = mountOnFrame('/form');
    expect(await screen.findByText('Failed to load your saved data. Please try refreshing the page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Framed page' })).not.toBeInTheDocument();
    expect(root.hasAttribute('data-frame')).toBe(false);
  });

  it('says it failed to load when there is neither a device copy nor a connection', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    mount('/form');
    expect(await screen.findByText('Failed to load your saved data. Please try refreshing the page.')).toBeInTheDocument();
  });
});
