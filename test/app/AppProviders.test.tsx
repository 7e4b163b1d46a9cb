import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { LoadingScreen } from '../../src/app/LoadingScreen.tsx';
import { deviceStorage, startLocalPersistence } from '../../src/app/persistence/localPersistence.ts';
import { makeStore } from '../../src/app/store.ts';

const stops: Array<() => void> = [];
const deferred = () => {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

const renderProviders = (sessionSettled: Promise<void>) => {
  const store = makeStore();
  const { persistor, stop } = startLocalPersistence(store);
  stops.push(stop);
  render(
    <AppProviders store={store} persistor={persistor} sessionSettled={sessionSettled}>
      <p>The app</p>
    </AppProviders>,
  );
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
  it('shows the loading screen until the device copy is read AND the session call settles', async () => {
    const session = deferred();
    renderProviders(session.promise);
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    // Rehydration finishes on its own; the session is still pending, so the loading screen stays.
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();

    session.resolve();
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument();
  });

  it('waits for the device copy even when the session has already settled', async () => {
    renderProviders(Promise.resolve());
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });
});
