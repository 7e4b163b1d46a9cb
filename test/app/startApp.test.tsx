import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deviceStorage } from '../../src/client-core/deviceCopyStorage.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { remoteRevisionReached } from '../../src/app/persistence/syncSlice.ts';
import { renderFrame } from '../../src/app/frames/renderFrames.tsx';
import { preloadRoute } from '../../src/app/router.tsx';
import { startApp } from '../../src/app/startApp.tsx';
import { makeStore } from '../../src/app/store.ts';
import { formDocumentLoaded } from '../../src/client-core/documentActions.ts';
import { BATCH_DELAY_MS } from '../../src/features/analytics/eventDelivery.ts';
import { WIZARD_STEP_KEY } from '../../src/features/wizard/stepKey.ts';
import type { FormSection } from '../../src/common/questionnaire/formDocument.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';
import { CONDITION_WAIT } from '../setup/conditionWait.ts';
import { fakeApi, json, networkFailure } from './fakeApi.ts';
import { fullDocument } from './fixtures.ts';

const stops: Array<() => Promise<void>> = [];

// The pages these tests reach, imported once before them (as the app imports the first page before its first
// render): a test's wait is then for the app, not for the first transform of the page modules, which beside a
// second npm test took the first test past ten seconds.
beforeAll(async () => {
  await Promise.all(['/form', '/result', '/thank-you'].map(preloadRoute));
});

afterEach(async () => {
  // Stopped, each app finishes its last write to the device copy before the copy is cleared.
  await act(() => Promise.all(stops.splice(0).map((stop) => stop())));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  localStorage.clear();
  await deviceStorage.clear();
});

const mount = (path: string) => {
  window.history.pushState({}, '', path);
  const root = document.createElement('div');
  document.body.append(root);
  stops.push(startApp(root));
};

/** A route's frame as the build writes it into #root (src/app/frames): the app rendered there with an empty store. */
const mountOnFrame = async (path: string) => {
  const markup = await renderFrame(path);
  window.history.pushState({}, '', path);
  const root = document.createElement('div');
  root.setAttribute('data-frame', '');
  root.innerHTML = markup;
  document.body.append(root);
  stops.push(startApp(root));
  return root;
};

/** What React reports when a render does not match the markup it hydrates (development build). */
const hydrationErrors = () => {
  const errors = vi.spyOn(console, 'error');
  return () => errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => /hydrat|did(n't| not) match/i.test(text));
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
    // before the versions are asked for. The page's analytics leave on their own clock, a few seconds after the
    // page's events (which a slow machine reaches before this check): they are not the start's calls.
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`).filter((call) => call !== 'POST /api/events').sort())
      .toEqual(['GET /api/essay-versions?since=0', 'GET /api/forms/me', 'GET /api/whoami', 'POST /api/session']));
  });

  it('shows a returning student their answers before any call to the server, then starts the session', async () => {
    // Answers already saved online (read back from the server, nothing left to send): with edits still to
    // send, the sync would start at once instead, which is right for them.
    await seedSyncedDevice([]);
    const api = fakeApi(returningStudentApi);
    // What the page showed when each call left, read at that moment rather than when this test next looks.
    const answer = api.fetchMock.getMockImplementation()!;
    const callsBeforeAnswers: string[] = [];
    api.fetchMock.mockImplementation(async (input, init) => {
      const field = screen.queryByLabelText<HTMLInputElement>(/Full name/i);
      if (field?.value !== 'Maya Chen') callsBeforeAnswers.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return answer(input, init);
    });
    await mountOnFrame('/form');
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    await waitFor(() => expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /api/session'));
    expect(callsBeforeAnswers).toEqual([]);
  });

  it('starts analytics once the page is live, the page view from before it included', async () => {
    await seedSyncedDevice([]);
    const api = fakeApi({ ...returningStudentApi, 'POST /api/events': () => json({ accepted: 1, rejected: [] }) });
    await mountOnFrame('/form');
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    await waitFor(() => expect(api.callsTo('POST /api/events')).not.toHaveLength(0), CONDITION_WAIT);
    const sent = api.callsTo('POST /api/events').flatMap((call) => (JSON.parse(String(call.init.body)) as { events: unknown[] }).events);
    expect(sent).toContainEqual(expect.objectContaining({ name: 'page_viewed', params: { page_path: '/form' } }));
  });

  it("stops the store's reactions with the app: the analytics queue it held is not sent afterwards", async () => {
    await seedSyncedDevice([]);
    const api = fakeApi(returningStudentApi);
    await mountOnFrame('/form');
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    // The page view is queued now; its batch would leave BATCH_DELAY_MS later.
    await act(() => stops.pop()!());
    const sentBefore = api.callsTo('POST /api/events').length;
    // Waiting for something not to happen takes its whole window: the batch delay, and a second beside it.
    await act(() => new Promise((resolve) => setTimeout(resolve, BATCH_DELAY_MS + 1000)));
    expect(api.callsTo('POST /api/events').length).toBe(sentBefore);
  });

  it('sends the edits an earlier visit left unsent at once, without waiting for the page', async () => {
    await seedSyncedDevice(['basicInfo']);
    const api = fakeApi({ ...returningStudentApi, 'PUT /api/forms/me': () => json({ revision: 4, updatedAt: '2026-03-01T12:01:00.000Z' }) });
    await mountOnFrame('/form');
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
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
    // The page shows at once, disabled ('Loading your data...'), and goes live with the remote copy.
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    expect(screen.getByLabelText(/Full name/i).closest('fieldset[disabled]')).toBeNull();
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

  it('on a browser with nothing on it, hydrates the route\'s frame: the same elements stay, disabled until the remote copy is read', async () => {
    fakeApi({ ...returningStudentApi, 'GET /api/essay-versions': () => json({ versions: [], revision: 0, more: false }) });
    const errors = hydrationErrors();
    const root = await mountOnFrame('/form');
    const heading = screen.getByRole('heading', { level: 1, hidden: true });
    const field = root.querySelector('input');
    // The frame's controls are disabled (nothing can be typed into it) and says it is loading.
    expect(heading.closest('fieldset[disabled]')).not.toBeNull();
    expect(screen.getByText('Loading your data...')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    expect(heading.closest('fieldset[disabled]')).toBeNull();
    expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument();
    // Hydrated, not replaced: the elements the frame painted are the page's own.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByLabelText(/Full name/i)).toBe(field);
    expect(errors()).toEqual([]);
  });

  it('with the student\'s data on this device, puts their page in the frame\'s place in one commit, never the frame filled in', async () => {
    await seedSyncedDevice([]);
    fakeApi(returningStudentApi);
    const root = await mountOnFrame('/form');
    const framed = { heading: screen.getByRole('heading', { level: 1, hidden: true }), field: root.querySelector('input') };
    await waitFor(() => expect(screen.getByLabelText(/Full name/i)).toHaveValue('Maya Chen'));
    // The frame's elements were never filled in: new ones took their place.
    expect(screen.getByRole('heading', { level: 1 })).not.toBe(framed.heading);
    expect(framed.field?.value).toBe('');
    expect(framed.field?.isConnected).toBe(false);
    expect(root.querySelector('fieldset[disabled]')).toBeNull();
  });

  it('hydrates /form at step 1 as its frame shows it, then opens the step this browser was on', async () => {
    localStorage.setItem(WIZARD_STEP_KEY, '2');
    fakeApi({ ...returningStudentApi, 'GET /api/forms/me': noDocument });
    const errors = hydrationErrors();
    await mountOnFrame('/form');
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 5/, hidden: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: /Step 3 of 5/ })).toBeInTheDocument();
    expect(localStorage.getItem(WIZARD_STEP_KEY)).toBe('2');
    expect(errors()).toEqual([]);
  });

  it('hydrates /thank-you without a session id, then shows the error at once', async () => {
    const api = fakeApi({ 'POST /api/session': () => json({ uid: 'anon_12345678' }), 'GET /api/forms/me': noDocument });
    const errors = hydrationErrors();
    await mountOnFrame('/thank-you');
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your payment', hidden: true })).toBeInTheDocument();
    expect(api.callsTo('GET /api/verify-session')).toHaveLength(0);
    expect(errors()).toEqual([]);
  });

  it('replaces the frame with the load failure when nothing can be read', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    await mountOnFrame('/form');
    expect(await screen.findByText('Failed to load your saved data. Please try refreshing the page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tell us about yourself', hidden: true })).not.toBeInTheDocument();
  });

  it('says it failed to load when there is neither a device copy nor a connection', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    mount('/form');
    expect(await screen.findByText('Failed to load your saved data. Please try refreshing the page.')).toBeInTheDocument();
  });
});
