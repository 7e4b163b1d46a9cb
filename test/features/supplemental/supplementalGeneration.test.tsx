// /supplemental: the form's rules, the request, the list (newest first) and the daily quota explained.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

afterEach(() => { vi.unstubAllGlobals(); });

describe('supplemental generation', () => {
  it('needs a prompt and a whole word count from 50 to 1000', async () => {
    const api = fakeApi({});
    const { user } = renderApp({ route: paths.supplemental, preloadedState: studentAt('essay-type') });
    await user.click(await screen.findByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(screen.getByText(MESSAGES.supplementalMissing)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Essay prompt'), 'Why us?');
    await user.type(screen.getByLabelText(/Word count/), '40');
    await user.click(screen.getByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The word count must be a whole number from 50 to 1000.');
    expect(api.calls).toHaveLength(0);
  });

  it('adds each essay to the list and says how many are left today', async () => {
    const api = fakeApi({ 'POST /api/supplemental-essay': () => json({ essay: 'Because of the lab.', engine: 'offline', quota: { limit: 10, remaining: 9 } }) });
    const { user, store } = renderApp({ route: paths.supplemental, preloadedState: studentAt('essay-type') });
    await user.type(await screen.findByLabelText('Essay prompt'), 'Why us?');
    await user.type(screen.getByLabelText(/Word count/), '150');
    await user.click(screen.getByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(await screen.findByText('Because of the lab.')).toBeInTheDocument();
    expect(screen.getByText(/You can write 9 more today \(of 10\)/)).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toMatchObject({ essayPrompt: 'Why us?', wordCount: 150, variant: 0 });
    expect(store.getState().supplemental.supplementalEssays).toEqual([{ prompt: 'Why us?', wordCount: 150, generatedEssay: 'Because of the lab.' }]);
    expect(screen.getByRole('button', { name: 'Download essay 1' })).toBeInTheDocument();
  });

  it('explains a used-up daily quota in the server’s words, and other failures as ‘Failed to generate essay. Please try again.’', async () => {
    fakeApi({ 'POST /api/supplemental-essay': [
      () => json({ error: 'Supplemental essays are free, up to 10 a day on each browser.', code: 'supplemental_quota' }, 429),
      () => json({ error: 'x', code: 'ai_upstream_error' }, 502),
    ] });
    const { user } = renderApp({ route: paths.supplemental, preloadedState: studentAt('essay-type') });
    await user.type(await screen.findByLabelText('Essay prompt'), 'Why us?');
    await user.type(screen.getByLabelText(/Word count/), '150');
    await user.click(screen.getByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(await screen.findByText('Supplemental essays are free, up to 10 a day on each browser.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(await screen.findByText(MESSAGES.essayFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Essay prompt')).toHaveValue('Why us?');
  });
});
