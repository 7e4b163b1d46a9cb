import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { LoadingScreen } from '../../src/ui/LoadingScreen.tsx';
import { deviceStorage } from '../../src/app/persistence/deviceStorage.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { remoteLoadFailed, remoteLoadSucceeded } from '../../src/app/persistence/syncSlice.ts';
import { makeStore } from '../../src/app/store.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';

const stops: Array<() => void> = [];

const renderProviders = () => {
  const store = makeStore();
  const { persistor, stop } = startPersistence(store);
  stops.push(stop);
  render(
    <AppProviders store={store} persistor={persistor}>
      <p>The app</p>
    </AppProviders>,
  );
  return store;
};

/** Leaves a device copy behind, as an earlier visit would. */
const saveDeviceCopy = async () => {
  const store = makeStore();
  const { persistor, rehydrated, stop } = startPersistence(store);
  await rehydrated;
  store.dispatch(fullNameChanged('Maya'));
  await persistor.flush();
  stop();
};

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await deviceStorage.clear();
});

describe('LoadingScreen', () => {
  it("reads exactly 'Loading your data...' as a status", () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading your data\.\.\.$/);
  });
});

describe('AppProviders', () => {
  it('renders the device copy as soon as it is read, without waiting for the remote copy', async () => {
    await saveDeviceCopy();
    const store = renderProviders();
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(store.getState().wizard.basicInfo.fullName).toBe('Maya');
    expect(store.getState().sync.load).toBe('idle');
  });

  it('rendered after the device copy was read, shows the page in its first commit, never the loading screen first', async () => {
    await saveDeviceCopy();
    const store = makeStore();
    const { persistor, rehydrated, stop } = startPersistence(store);
    stops.push(stop);
    await rehydrated;
    // What the first commit put on screen (the app marks that commit as the moment the page is live).
    let firstCommit = '';
    function FirstCommit() {
      useLayoutEffect(() => {
        firstCommit = document.body.textContent ?? '';
      }, []);
      return null;
    }
    render(
      <>
        <AppProviders store={store} persistor={persistor}>
          <p>The app</p>
        </AppProviders>
        <FirstCommit />
      </>,
    );
    expect(firstCommit).toContain('The app');
    expect(firstCommit).not.toContain('Loading your data...');
  });

  it('on a browser with no device copy, waits for the remote copy', async () => {
    const store = renderProviders();
    await act(() => new Promise((done) => setTimeout(done, 50))); // the (empty) device storage has been read
    expect(store.getState().sync.deviceCopy).toBe(false);
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    act(() => {
      store.dispatch(remoteLoadSucceeded());
    });
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });

  it("says 'Failed to load your saved data' only with no device copy and no remote copy", async () => {
    const store = renderProviders();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    act(() => {
      store.dispatch(remoteLoadFailed());
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load your saved data. Please try refreshing the page.');
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(remoteLoadSucceeded()); // the sync kept trying, and the connection came back
    });
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });
});
