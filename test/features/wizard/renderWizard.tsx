// Renders /form with a real store of the wizard slice, a MemoryRouter, and a log of dispatched actions.
import { configureStore } from '@reduxjs/toolkit';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import FormPage from '../../../src/features/wizard/FormPage.tsx';
import { wizardSlice } from '../../../src/features/wizard/wizardSlice.ts';
import type { WizardState } from '../../../src/features/wizard/wizardSlice.ts';

export const makeWizardStore = (wizard?: WizardState) => {
  const actions: UnknownAction[] = [];
  const log: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: { wizard: wizardSlice.reducer },
    preloadedState: wizard ? { wizard } : undefined,
    middleware: (getDefault) => getDefault().concat(log),
  });
  return { store, actions };
};

export function renderWizard(options: { wizard?: WizardState; strict?: boolean } = {}) {
  const { store, actions } = makeWizardStore(options.wizard);
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/form']}>
        <Routes>
          <Route path="/form" element={<FormPage />} />
          <Route path="/essay-type" element={<h1>Choose your essay type</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
    { wrapper: options.strict ? StrictMode : undefined },
  );
  return { store, actions, user, ...view };
}
