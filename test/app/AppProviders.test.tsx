import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { LoadingScreen } from '../../src/ui/LoadingScreen.tsx';
import { deviceStorage } from '../../src/client-core/deviceCopyStorage.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { remoteLoadFailed, remoteLoadSucceeded } from '../../src/app/persistence/syncSlice.ts';
import { makeStore } from '../../src/app/store.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';

const stops: Array<() => void> = [];

const renderProviders = () => {
  const store = makeStore();
  const { stop } = startPersistence(store);
  stops.push(stop);
  render(
    <AppProviders store={store}>
      <p>The app</p>
      <input aria-label="Full name" />
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

/** The page is shown with its controls disabled (nothing can be typed into it), with the loading status. */
const expectWaiting = () => {
  expect(screen.getByText('The app').closest('fieldset[disabled]')).not.toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your data...');
};

const expectLive = () => {
  expect(screen.getByText('The app').closest('fieldset[disabled]')).toBeNull();
  expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument();
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
  it('shows the page disabled until the device copy is read, then live with it, without waiting for the remote copy', async () => {
    await saveDeviceCopy();
    const store = renderProviders();
    expectWaiting();
    // The same elements all along: the page is not replaced when the data arrives.
    const page = screen.getByText('The app');
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expectLive();
    expect(screen.getByText('The app')).toBe(page);
    expect(store.getState().wizard.basicInfo.fullName).toBe('Maya');
    expect(store.getState().remoteSync.load).toBe('idle');
  });

  it('rendered after the device copy was read, shows the page live in its first commit', async () => {
    await saveDeviceCopy();
    const store = makeStore();
    const { rehydrated, stop } = startPersistence(store);
    stops.push(stop);
    await rehydrated;
    // What the first commit put on screen (the app marks the commit that shows the data as the moment it is live).
    let firstCommit = { text: '', disabled: true };
    function FirstCommit() {
      useLayoutEffect(() => {
        firstCommit = { text: document.body.textContent ?? '', disabled: document.querySelector('fieldset[disabled]') !== null };
      }, []);
      return null;
    }
    render(
      <>
        <AppProviders store={store}>
          <p>The app</p>
        </AppProviders>
        <FirstCommit />
      </>,
    );
    expect(firstCommit).toEqual({ text: 'The app', disabled: false });
  });

  it('on a browser with no device copy, waits for the remote copy', async () => {
    const store = renderProviders();
    await act(() => new Promise((done) => setTimeout(done, 50))); // the (empty) device storage has been read
    expect(store.getState().remoteSync.deviceCopy).toBe(false);
    expectWaiting();
    act(() => {
      store.dispatch(remoteLoadSucceeded());
    });
    expectLive();
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
    expectLive();
  });
});
