// Renders with a fresh, real store (and a router), returning { store, user, ...queries } as the
// redux-templates test utilities do. `renderApp` renders the app's own route table in memory.
import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { Location, NavigateFunction, NavigationType } from 'react-router-dom';
import { AppRoutes } from '../../src/app/router.tsx';
import { makeStore } from '../../src/app/store.ts';
import type { AppStore, RootState } from '../../src/app/store.ts';

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

/** Where the router is: its location and how it got there (PUSH, REPLACE or POP), as the app last rendered it. */
type RouterState = { location: Location; historyAction: NavigationType };

function RouterProbe({ state, navigator }: { state: RouterState; navigator: { navigate?: NavigateFunction } }) {
  state.location = useLocation();
  state.historyAction = useNavigationType();
  navigator.navigate = useNavigate();
  return null;
}

/** The whole route table (layout, guard, lazy pages) at `route`; `router.state` tells where it went. */
export function renderApp(options: Omit<ProviderOptions, 'route'> & { route: string }) {
  const { preloadedState, store = makeStore(preloadedState), route, ...renderOptions } = options;
  // Until the first render, the route asked for.
  const initial = new URL(route, 'http://localhost');
  const router = {
    state: {
      location: { pathname: initial.pathname, search: initial.search, hash: initial.hash, state: null, key: 'default' },
      historyAction: 'POP',
    } as RouterState,
    /** Navigates as a link in the app would. */
    navigate: async (to: string) => {
      await act(async () => {
        await navigator.navigate?.(to);
      });
    },
  };
  const navigator: { navigate?: NavigateFunction } = {};
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <RouterProbe state={router.state} navigator={navigator} />
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
    renderOptions,
  );
  return { store, router, user: userEvent.setup(), ...view };
}
