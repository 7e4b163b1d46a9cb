// Typed hooks and thunk/listener helpers: the only way components, thunks and listeners see the store's types.
import { addListener, createAsyncThunk } from '@reduxjs/toolkit';
import type { TypedStartListening } from '@reduxjs/toolkit';
// The one place allowed to touch the untyped hooks: everything else uses the typed ones below.
// eslint-disable-next-line no-restricted-imports
import { useDispatch, useSelector } from 'react-redux';
import type { ApiErrorValue } from '../api/index.ts';
import type { FormDocument } from '../common/questionnaire/formDocument.ts';
import type { AppDispatch, RootState, ThunkExtra } from './store.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * The student's whole form document, for a component that shows something about it. The document is
 * assembled by the app from five features' slices; a feature gets its selector from the store's thunk extra
 * argument (a thunk answering it at once) rather than importing the app.
 */
export function useFormDocument(): FormDocument {
  const dispatch = useAppDispatch();
  const select = dispatch((_dispatch: AppDispatch, _getState: () => RootState, extra: ThunkExtra) => extra.selectFormDocument);
  return useAppSelector(select);
}

/** Thunks reject with the ApiError's plain value (rejectWithValue), never with a class instance. */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: ApiErrorValue;
}>();

/** What each store's listener middleware hands to `addXListeners(startAppListening)` (see store.ts). */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, ThunkExtra>;

/** A store as a feature's start-up code sees it (a feature never imports the store itself). */
export type AppStoreApi = { dispatch: AppDispatch; getState: () => RootState };

/** Adds a listener at run time, e.g. from a component's effect: `dispatch(addAppListener({...}))`. */
export const addAppListener = addListener.withTypes<RootState, AppDispatch, ThunkExtra>();
