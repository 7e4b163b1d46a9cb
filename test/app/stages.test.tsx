// A stage is one folder and one line of src/app/stages.ts: with a fixture stage added to the list (nothing else
// changed), every piece the app derives from the list has it: the store's slices and listeners, the routes and
// their guard, the persistence lists, the frames, the header's links, the layout's slots and the analytics events.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { FRAME_ROUTES, ONLINE_PATHS } from '../../src/app/frames/frameRoutes.ts';
import type * as StagesModule from '../../src/app/stages.ts';
import { selectCanEnter } from '../../src/app/guards.ts';
import { STAGES } from '../../src/app/stages.ts';
import { deviceStorage } from '../../src/client-core/deviceCopyStorage.ts';
import { PERSIST_KEY, PERSISTED_SLICES, deviceCopyChanged } from '../../src/app/persistence/localPersistence.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { makeStore } from '../../src/app/store.ts';
import type { RootState } from '../../src/app/store.ts';
import { paths } from '../../src/client-core/routes.ts';
import { createEventMap, loadEventRules } from '../../src/features/analytics/eventMap.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';
import { FIXTURE_FRAME, FIXTURE_PATH } from './fixtures/fixtureStage/stage.ts';
import { fixtureNoted, fixtureOpened } from './fixtures/fixtureStage/fixtureSlice.ts';
import type { FixtureState } from './fixtures/fixtureStage/fixtureSlice.ts';
import { studentAt } from './fixtures.ts';
import { renderApp } from './renderWithProviders.tsx';

// The one line a new stage adds.
vi.mock('../../src/app/stages.ts', async (importOriginal) => {
  const { STAGES } = await importOriginal<typeof StagesModule>();
  const { fixtureStage } = await import('./fixtures/fixtureStage/stage.ts');
  return { STAGES: [...STAGES, fixtureStage] };
});

const fixtureOf = (state: RootState) => (state as unknown as { fixture: FixtureState }).fixture;

afterEach(async () => {
  await deviceStorage.clear();
});

describe('a stage added to the list', () => {
  it("joins the store: its slice, and its listeners on every store's middleware", () => {
    const store = makeStore();
    expect(fixtureOf(store.getState())).toEqual({ note: '', open: false, heard: 0 });
    store.dispatch(fullNameChanged('Maya'));
    expect(fixtureOf(store.getState()).heard).toBe(1);
  });

  it('is kept in the device copy, which it names, and a change to it is a change to the copy', async () => {
    expect(PERSISTED_SLICES).toContain('fixture');
    const store = makeStore();
    const persistence = startPersistence(store);
    await persistence.rehydrated;
    const before = store.getState();
    store.dispatch(fixtureNoted('Kept on this device'));
    expect(deviceCopyChanged(store.getState(), before)).toBe(true);
    await persistence.persistor.flush();
    persistence.stop();
    const stored = JSON.parse((await deviceStorage.getItem<string>(`persist:${PERSIST_KEY}`)) ?? '{}') as Record<string, string>;
    expect(JSON.parse(stored.fixture ?? '{}')).toMatchObject({ note: 'Kept on this device' });
  });

  it('has its analytics events mapped, with every other stage\'s', async () => {
    const { eventFor } = createEventMap(await loadEventRules(STAGES));
    const context = { state: {}, pagePath: '/' };
    expect(eventFor(fixtureOpened(), context)).toEqual({ name: 'page_viewed', params: { page_path: FIXTURE_PATH } });
    expect(eventFor(fullNameChanged('Maya'), context)).toBeNull();
  });

  it('gets its frame', () => {
    expect(FRAME_ROUTES).toContainEqual({ path: FIXTURE_PATH, module: FIXTURE_FRAME });
  });

  it('is left to the network by the service worker when it says its page means nothing offline', () => {
    expect(ONLINE_PATHS).toEqual([paths.thankYou, FIXTURE_PATH]);
  });

  it("guards its route with its selector, after the route it names", () => {
    const open = makeStore({ ...studentAt('essay-type') });
    expect(selectCanEnter(FIXTURE_PATH)(open.getState())).toBe(false);
    open.dispatch(fixtureOpened());
    expect(selectCanEnter(FIXTURE_PATH)(open.getState())).toBe(true);
  });

  it('routes to its page, inside the layout with its header link and its slot, behind the step guard', async () => {
    const { store, router } = renderApp({ route: FIXTURE_PATH });
    // Not open yet: the guard sends the student to the first step.
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.form);
    expect(screen.getByRole('link', { name: 'Fixture link' })).toBeInTheDocument();
    expect(screen.getByText('Fixture slot')).toBeInTheDocument();
    store.dispatch(fixtureOpened());
    await router.navigate(FIXTURE_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'The fixture stage' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(FIXTURE_PATH);
  });
});
