// Generate / Regenerate Topics against a faked HTTP boundary: what is sent, the bar, the 429 retries.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const suggestions = { '1': [{ title: 'The radio bench', description: 'Fixing radios with my grandfather.' }] };
const busy = () => json({ error: 'busy', code: 'ai_rate_limited' }, 429);

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

describe('topic generation', () => {
  it('sends the whole document, shows the bar, lists the suggestions and asks for the next version on Regenerate', async () => {
    const api = fakeApi({ 'POST /api/topic-suggestions': () => json(suggestions) });
    const { store, user } = renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    await user.click(await screen.findByRole('button', { name: 'Generate Topics' }));
    expect(await screen.findByRole('progressbar', { name: 'Generating topics' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Prompt 1' });
    expect(await within(group).findByRole('radio', { name: /The radio bench/ })).toBeInTheDocument();
    const sent = JSON.parse(String(api.calls[0]?.init.body)) as { formData: { basicInfo: { fullName: string } }; variant: number };
    expect(sent.formData.basicInfo.fullName).toBe('Maya Chen');
    expect(sent.variant).toBe(0);
    expect(store.getState().topics.topicSuggestions).toEqual(suggestions);

    await user.click(screen.getByRole('button', { name: 'Regenerate Topics' }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(2), CONDITION_WAIT);
    expect((JSON.parse(String(api.calls[1]?.init.body)) as { variant: number }).variant).toBe(1);
  });

  it('retries a 429 three times, 5 s apart, saying so, then shows the rate-limit message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'POST /api/topic-suggestions': busy });
    const { store } = renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    const generate = await screen.findByRole('button', { name: 'Generate Topics' });
    act(() => { generate.click(); });
    expect(await screen.findByText(MESSAGES.topicsRateLimitRetry)).toBeInTheDocument();
    for (let retry = 1; retry <= 3; retry += 1) {
      await act(async () => { await vi.advanceTimersByTimeAsync(5000); });
      await vi.waitFor(() => expect(api.calls).toHaveLength(retry + 1), CONDITION_WAIT);
    }
    expect(await screen.findByText(MESSAGES.topicsRateLimitFinal)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.topicsRateLimitRetry)).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(4);
    expect(store.getState().topics.topicSuggestions).toEqual({});
  });

  it('says ‘Failed to generate topic suggestions. Please try again.’ for other failures', async () => {
    fakeApi({ 'POST /api/topic-suggestions': () => json({ error: 'x', code: 'ai_upstream_error' }, 502) });
    const { user } = renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    await user.click(await screen.findByRole('button', { name: 'Generate Topics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.topicsFailed);
  });
});
