// A page the app shows before the student's data is known (the pre-rendered frame it hydrates on a browser with
// nothing on it) is only to be seen: it starts no work, and the data that arrives later is taken as if the page
// had opened with it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { remoteLoadSucceeded } from '../../src/app/persistence/syncSlice.ts';
import { AppRoutes } from '../../src/app/router.tsx';
import { makeStore } from '../../src/app/store.ts';
import { paths } from '../../src/client-core/routes.ts';
import { OWN_TOPIC_PROMPT } from '../../src/common/essay/prompts.ts';
import { topicSelected } from '../../src/features/topics/index.ts';
import { fakeApi, json } from './fakeApi.ts';
import { sampleTopic, studentAt } from './fixtures.ts';
import { CONDITION_WAIT } from '../setup/conditionWait.ts';
import { selectEssayRequest } from '../../src/features/essay/essayRequests.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app's routes at `route` behind its start-up gate, with a store whose data has not been read yet. */
function renderWaiting(route: string, state: Parameters<typeof makeStore>[0] = {}) {
  const store = makeStore(state);
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  /** The remote copy has been read: the page goes live. */
  const dataKnown = () => act(() => {
    store.dispatch(remoteLoadSucceeded());
  });
  return { store, dataKnown };
}

describe('a page shown before the student\'s data is known', () => {
  it('neither guards nor generates: /result for a paid student waits, then writes the essay once it is live', async () => {
    const api = fakeApi({ 'POST /api/generate-essay': () => json({ error: 'x', code: 'ai_upstream_error' }, 502) });
    const { store, dataKnown } = renderWaiting(paths.result, {
      ...studentAt('result'),
      session: { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your College Essay', hidden: true })).toBeInTheDocument();
    // The page's effects have run (it is committed): no generation was started.
    expect(selectEssayRequest(store.getState()).status).toBe('idle');
    dataKnown();
    expect(selectEssayRequest(store.getState()).status).toBe('pending');
    await vi.waitFor(() => expect(api.callsTo('POST /api/generate-essay')).toHaveLength(1), CONDITION_WAIT);
  });

  it('sends a student the guard refuses elsewhere only once their data is known', async () => {
    fakeApi({});
    const { dataKnown } = renderWaiting(paths.topics);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Topic', hidden: true })).toBeInTheDocument();
    dataKnown();
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
  });

  it('keeps the own topic read back after it showed: choosing a suggestion and coming back brings the words back', async () => {
    fakeApi({});
    const { store, dataKnown } = renderWaiting(paths.topics, {
      ...studentAt('topics'),
      topics: { selectedTopic: null, topicSuggestions: { '2': [{ title: sampleTopic.idea, description: sampleTopic.description }] } },
    });
    await screen.findByRole('group', { name: 'Prompt 7', hidden: true });
    // The student's own topic arrives with their data, after the page first rendered.
    act(() => {
      store.dispatch(topicSelected({ prompt: OWN_TOPIC_PROMPT, idea: 'Fixing bikes on our front steps', description: 'A dollar a tire.' }));
    });
    dataKnown();
    const user = userEvent.setup();
    const seventh = screen.getByRole('group', { name: 'Prompt 7' });
    await user.click(screen.getByRole('radio', { name: new RegExp(sampleTopic.idea) }));
    await user.click(within(seventh).getByRole('radio', { name: /Write about a topic of my own/ }));
    expect(store.getState().topics.selectedTopic).toMatchObject({ idea: 'Fixing bikes on our front steps', description: 'A dollar a tire.' });
  });
});
