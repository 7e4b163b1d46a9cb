// The whole app as one element, rendered the same way in the browser (src/app/startApp.tsx, in a BrowserRouter)
// and by the build (src/app/frames/renderFrames.tsx, in a MemoryRouter at the route's address, with an empty
// store): the browser's first render of a route must be exactly its pre-rendered frame for React to hydrate it.
import { type ComponentType, type ReactNode, StrictMode, useLayoutEffect } from 'react';
import { AppProviders } from './AppProviders.tsx';
import { useAppSelector } from './hooks.ts';
import { selectDocumentReady } from './persistence/syncSlice.ts';
import { AppRoutes } from './router.tsx';
import type { AppStore } from './store.ts';

export interface AppStartHandlers {
  /** After the page's first commit: its frame hydrated, or the page drawn. */
  onStarted: () => void;
  /** After the commit that shows the student's data: the page is live, anything typed is kept. */
  onLive: () => void;
}

function StartSignals({ onStarted, onLive }: AppStartHandlers) {
  const ready = useAppSelector(selectDocumentReady);
  useLayoutEffect(onStarted, [onStarted]);
  useLayoutEffect(() => {
    if (ready) onLive();
  }, [ready, onLive]);
  return null;
}

const noop = () => {};

export interface AppProps extends Partial<AppStartHandlers> {
  store: AppStore;
  Router: ComponentType<{ children: ReactNode }>;
}

export function App({ store, Router, onStarted = noop, onLive = noop }: AppProps) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <Router>
          <AppRoutes>
            <StartSignals onStarted={onStarted} onLive={onLive} />
          </AppRoutes>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
