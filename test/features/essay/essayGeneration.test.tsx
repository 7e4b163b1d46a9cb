// /result for a paid student: the essay streams in from Server-Sent Events on arrival, the events the analytics
// listener needs are dispatched, and the essay can be edited and restored.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import type { RootState } from '../../../src/app/store.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const paidAtResult = (): Partial<RootState> => ({
  ...studentAt('result'),
  session: { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null },
});

const sse = (...events: Array<[string, unknown]>) => new Response(
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
  { status: 200, headers: { 'content-type': 'text/event-stream' } },
);

afterEach(() => { vi.unstubAllGlobals(); });

describe('/result for a paid student', () => {
  it('generates the essay on arrival from the stream, with N/650 and the composer’s disclosure', async () => {
    const api = fakeApi({
      'POST /api/generate-essay': () => sse(
        ['chunk', { text: 'The arm dropped the cube. ' }], ['chunk', { text: 'I traced every wire.' }],
        ['done', { essay: 'The arm dropped the cube. I traced every wire.', notes: ['Add a detail.'], engine: 'offline' }],
      ),
    });
    const { store } = renderApp({ route: paths.result, preloadedState: paidAtResult() });
    // The count shows once the essay is written (while it streams in, the text alone shows).
    expect(await screen.findByText('9/650', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('The arm dropped the cube. I traced every wire.')).toBeInTheDocument();
    expect(screen.getByText(/assembled from your own answers/)).toBeInTheDocument();
    expect(screen.getByText('Add a detail.')).toBeInTheDocument();
    expect(api.calls[0]?.init.headers).toMatchObject({ accept: 'text/event-stream' });
    expect(store.getState().essay.generatedEssay).toBe('The arm dropped the cube. I traced every wire.');
  });

  it('lets the student edit in place and restore the generated version; Download reports its format', async () => {
    fakeApi({});
    const dispatched: string[] = [];
    const { store, user } = renderApp({
      route: paths.result,
      preloadedState: { ...paidAtResult(), essay: { generatedEssay: 'One two three.', originalEssay: 'One two three.' } },
    });
    const originalDispatch = store.dispatch;
    vi.spyOn(store, 'dispatch').mockImplementation(((action: { type?: string }) => {
      if (action.type) dispatched.push(action.type);
      return originalDispatch(action as never);
    }) as typeof store.dispatch);
    await user.click(await screen.findByRole('button', { name: 'Edit Essay' }));
    await user.type(screen.getByLabelText('Edit your essay'), ' Four five.');
    expect(screen.getByText('5/650', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore generated version' }));
    expect(screen.getByLabelText('Edit your essay')).toHaveValue('One two three.');
    URL.createObjectURL = vi.fn(() => 'blob:essay');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(dispatched).toContain('essay/downloaded');
  });

  it('shows the upgrade-required message on 402 and the essay-failed one otherwise', async () => {
    fakeApi({ 'POST /api/generate-essay': [
      () => json({ error: 'Upgrade required to generate your essay.', code: 'payment_required' }, 402),
      () => json({ error: 'x', code: 'ai_upstream_error' }, 502),
    ] });
    const { user } = renderApp({ route: paths.result, preloadedState: paidAtResult() });
    expect(await screen.findByText(MESSAGES.upgradeRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(MESSAGES.essayFailed)).toBeInTheDocument();
  });
});
