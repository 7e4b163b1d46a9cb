import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { WrongAddressNotice } from '../../../src/app/layout/WrongAddressNotice.tsx';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { startSession } from '../../../src/app/session/index.ts';
import { makeStore } from '../../../src/app/store.ts';

const MESSAGE = 'This page is open at http://127.0.0.1:8080, but Essay Studio runs at http://localhost:8080. '
  + 'Please open http://localhost:8080 instead.';
const refusal = (code: string) => startSession.rejected(null, 'request-1', undefined, { status: 403, code, message: MESSAGE });

const stops: Array<() => void> = [];
afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await deviceStorage.clear();
});

describe('the wrong-address notice', () => {
  it('shows the server\'s words when the session was refused for the address, and nothing otherwise', () => {
    const store = makeStore();
    render(<Provider store={store}><WrongAddressNotice /></Provider>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(refusal('cross_site'));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(refusal('wrong_origin'));
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Essay Studio is not at this address');
    expect(alert).toHaveTextContent(MESSAGE);
  });

  it('replaces the waiting page on a browser with no device copy, instead of waiting or failing', async () => {
    const store = makeStore();
    const { stop } = startPersistence(store);
    stops.push(stop);
    render(<AppProviders store={store}><p>The app</p></AppProviders>);
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(screen.getByText('Loading your data...')).toBeInTheDocument();
    act(() => {
      store.dispatch(refusal('wrong_origin'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please open http://localhost:8080 instead.');
    expect(screen.queryByText('Loading your data...')).not.toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
  });
});
