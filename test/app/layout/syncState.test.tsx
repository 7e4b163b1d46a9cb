import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { remoteSaveFailed, remoteSaveSucceeded, syncStatusChanged } from '../../../src/app/persistence/syncSlice.ts';
import { paths } from '../../../src/client-core/routes.ts';
import type { RootState } from '../../../src/app/store.ts';
import { renderApp } from '../renderWithProviders.tsx';

const session: RootState['session'] = {
  uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null,
};

// The layout mounts once the page's lazy chunk has arrived, outside act(), so its store subscriptions start in
// effects that may still be pending when the banner is found: the first change dispatched after mounting can show
// one task later. Each test therefore waits (findBy) for the first change to show; once it has, the
// subscriptions are live and later dispatches inside act() render at once, so absences checked after them
// mean something.
describe('where the answers are saved', () => {
  it('says it in the header in plain words as the state changes', async () => {
    const { store } = renderApp({ route: paths.form, preloadedState: { session } });
    // The header is looked up each time: the layout may mount again once the page's lazy chunk is in.
    expect(await within(await screen.findByRole('banner')).findByText('Saved on this device')).toBeInTheDocument();
    act(() => {
      store.dispatch(syncStatusChanged('synced'));
    });
    expect(await within(screen.getByRole('banner')).findByText('Saved online')).toBeInTheDocument();
    act(() => {
      store.dispatch(syncStatusChanged('offline'));
    });
    expect(await within(screen.getByRole('banner')).findByText('Offline: saved on this device')).toBeInTheDocument();
  });

  it('shows the red save-failure alert while a save has failed, and takes it away once one succeeds', async () => {
    const { store } = renderApp({ route: paths.form, preloadedState: { session } });
    await screen.findByRole('banner');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(remoteSaveFailed({ status: 0, code: 'network', message: 'Could not reach the server' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to save your changes\. They might not persist if you refresh\.$/);
    expect(alert).toHaveClass('ui-alert--error');
    expect(alert.parentElement).toHaveClass('save-failed-alert');
    act(() => {
      store.dispatch(remoteSaveSucceeded());
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('may be dismissed until the next failure that follows a success', async () => {
    const failure = { status: 0, code: 'network', message: 'Could not reach the server' };
    const { store, user } = renderApp({ route: paths.form, preloadedState: { session } });
    await screen.findByRole('banner');
    act(() => {
      store.dispatch(remoteSaveFailed(failure));
    });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(remoteSaveFailed(failure)); // the retries keep failing: still dismissed
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(remoteSaveSucceeded());
    });
    act(() => {
      store.dispatch(remoteSaveFailed(failure));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to save your changes\. They might not persist if you refresh\.$/);
  });

  it('says why, and what to do, when the server refused the answers for good', async () => {
    const { store } = renderApp({ route: paths.form, preloadedState: { session } });
    await screen.findByRole('banner');
    act(() => {
      store.dispatch(remoteSaveFailed({
        status: 400, code: 'invalid_request', message: 'body.document.personalInsights.roleModel: must be at most 500 characters long',
      }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save your changes. They might not persist if you refresh. The server did not accept them '
      + '(personalInsights.roleModel: must be at most 500 characters long). Every word is kept on this device: '
      + 'change that answer and saving will try again.',
    );
    act(() => {
      store.dispatch(remoteSaveFailed({ status: 500, code: 'internal', message: 'Something went wrong on our side.' }));
    });
    // A server failure passes by itself (the sync retries): only the save failure, nothing to change.
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to save your changes\. They might not persist if you refresh\.$/);
  });
});

