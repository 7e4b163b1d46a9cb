// The store's action log as Redux DevTools shows it: every action dispatched, by components, thunks and
// listeners alike, in order (recorded by a listener that matches every action).
import type { UnknownAction } from '@reduxjs/toolkit';
import { addAppListener } from '../../src/app/hooks.ts';
import type { AppStore } from '../../src/app/store.ts';

export function recordActions(store: AppStore) {
  const actions: UnknownAction[] = [];
  store.dispatch(addAppListener({ predicate: () => true, effect: (action) => void actions.push(action) }));
  return { actions, types: () => actions.map((action) => action.type) };
}
