// Renders with a fresh, real store (and a router), returning { store, user, ...queries } as the
// redux-templates test utilities do. `renderApp` renders the app's own route table in memory.
import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { appRoutes } from '../../src/app/router.tsx';
import { makeStore } from '../../src/app/store.ts';
import type { AppStore, RootState } from '../../src/app/store.ts';

// Pages are lazy route modules: the first import of one in a test file is transformed on the spot, which
// on a busy 2-core machine can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

type ProviderOptions = Omit<RenderOptions, 'queries' | 'wrapper'> & {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** The URL the memory router starts at. */
  route?: string;
};

export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...renderOptions } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Provider>
  );
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

/** The whole route table (layout, guard, lazy pages) at `route`. */
export function renderApp(options: Omit<ProviderOptions, 'route'> & { route: string }) {
  const { preloadedState, store = makeStore(preloadedState), route, ...renderOptions } = options;
  const router = createMemoryRouter(appRoutes, { initialEntries: [route] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    renderOptions,
  );
  return { store, router, user: userEvent.setup(), ...view };
}
