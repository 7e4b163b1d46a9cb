// Renders /form with the app's real store (makeStore) through renderWithProviders, with a stand-in for
// /essay-type and a log of every dispatched action, taken by a listener on the store's own middleware.
import { StrictMode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Route, Routes } from 'react-router-dom';
import { addAppListener } from '../../../src/app/hooks.ts';
import { makeStore } from '../../../src/app/store.ts';
import FormPage from '../../../src/features/wizard/FormPage.tsx';
import type { RemoteBackend } from '../../../src/remote/index.ts';
import type { WizardState } from '../../../src/features/wizard/wizardSlice.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

export function renderWizard(options: { wizard?: WizardState; strict?: boolean; remote?: RemoteBackend } = {}) {
  const store = makeStore(options.wizard ? { wizard: options.wizard } : undefined, options.remote ? { remote: options.remote } : undefined);
  const actions: UnknownAction[] = [];
  store.dispatch(addAppListener({ predicate: () => true, effect: (action) => { actions.push(action); } }));
  const routes = (
    <Routes>
      <Route path="/form" element={<FormPage />} />
      <Route path="/essay-type" element={<h1>Choose your essay type</h1>} />
    </Routes>
  );
  const view = renderWithProviders(options.strict ? <StrictMode>{routes}</StrictMode> : routes, {
    store, route: '/form',
  });
  return { ...view, actions };
}
