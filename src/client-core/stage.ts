// What a stage of the client declares about itself, in its own folder (src/features/<stage>/stage.ts): the app
// derives its store, routes, step guards, persistence lists, frames, header, layout and analytics from the one
// list of these (src/app/stages.ts), so adding a stage touches its folder and that list's one line.
// Selectors here read the stage's own part of the state (its `XRootState`), which the app's state contains.
import type { ComponentType } from 'react';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { FormDocument, FormSection } from '../common/questionnaire/formDocument.ts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { RemoteBackend } from '../remote/index.ts';
import type { StageAnalytics } from './analyticsRules.ts';
import type { EssayVersion } from './essayVersions.ts';

/** A selector of a stage, over the part of the state it knows (the app's state has every part). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each stage types its own root state
type StageSelector<T> = (state: any) => T;

/** A page module as the router loads it; an RTK Query API slice it brings joins the store as it arrives. */
export type PageModule = {
  default: ComponentType;
  apiSlice?: { reducerPath: string; reducer: Reducer; middleware: Middleware };
};

export type StageRoute = {
  path: string;
  /** The page, in a chunk of its own, loaded on first use. */
  page: () => Promise<PageModule>;
  /**
   * The page's module as Vite's manifest names it (its path from the repository's root): the build pre-renders
   * the route's frame with this chunk's stylesheets and preloads, and the service worker precaches it. None: no frame.
   */
  frame?: string;
  /** 'student' (the default): inside the layout, behind the step guard; 'own': a page of its own, unguarded. */
  layout?: 'student' | 'own';
  /** A route the student must be able to enter before this one (the flow's step before it). */
  after?: string;
  /** What this route needs of the student's data besides (derived from what earlier steps produced). */
  needs?: StageSelector<boolean>;
  /** A page that means nothing offline (a payment's verification): the service worker leaves it to the network. */
  online?: true;
};

/** A stage's essay versions: the list's identity (changed when it changes) and its entries, by essay. */
export type StageVersions = {
  of: StageSelector<unknown>;
  list: StageSelector<Array<{ essayKey: string; version: EssayVersion; index: number }>>;
};

/** What a remote document's step is given by the sync run: the store, the chosen backend, the run's signal. */
export type RemoteDocumentApi = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each stage reads its own part of the state
  getState: () => any;
  dispatch: (action: UnknownAction) => unknown;
  extra: { remote: RemoteBackend };
  signal: AbortSignal;
};

/**
 * A document of the stage's own on the remote, beside the form document (the college list): the persistence
 * listener starts a run 500 ms after it changes while `unsent`, and the run calls `step`, loaded with the run.
 */
export type StageRemoteDocument = {
  /** The document, compared by identity to tell an edit. */
  of: StageSelector<unknown>;
  /** Whether the run has work for it: edits the remote lacks, or the remote copy not read since start-up. */
  unsent: StageSelector<boolean>;
  step: () => Promise<(api: RemoteDocumentApi) => Promise<void>>;
};

export type StageDeclaration = {
  /** The stage's folder name under src/features. */
  name: string;
  /** Its slices (one per stage, plus one for its requests' state where it calls the server). */
  slices: readonly { reducerPath: string; reducer: Reducer }[];
  /** The slices the device copy keeps (their names); a slice not named here starts afresh on each load. */
  deviceKeeps?: readonly string[];
  /** The sections of the form document this stage holds, each by its selector: what the remote copy gets. */
  document?: { readonly [K in FormSection]?: StageSelector<FormDocument[K]> };
  /** Its essay versions, synced with the remote store and kept within the device's limits with the others. */
  versions?: StageVersions;
  /** Its own document on the remote, synced by the same run after the form document and the versions. */
  remoteDocument?: StageRemoteDocument;
  routes?: readonly StageRoute[];
  /** Links it puts in the header's menu, in the list's order. */
  headerLinks?: readonly ComponentType[];
  /** Components every layout page mounts (a floating button, a banner). */
  layoutSlots?: readonly ComponentType[];
  /** Its analytics events, in a module loaded once the page is live (src/client-core/analyticsRules.ts). */
  analytics?: () => Promise<StageAnalytics>;
  /** Its reactions across stages, registered on every store's listener middleware. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- called with the app's typed startListening
  listeners?: ReadonlyArray<(startListening: any) => void>;
  /**
   * Its start-up work in the app (analytics): run once the store is built, with the list of stages; what it
   * returns runs once the first page is live and idle, unless the app was stopped meanwhile.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- called with the app's store
  start?: (store: any, stages: readonly StageDeclaration[]) => (running: () => boolean) => void;
};

/**
 * A stage as its stage.ts exports it: `export const xStage: Stage<typeof slices> = { slices, ... }`. The
 * store's state type is read from the slices' types alone, so a declaration is annotated rather than inferred
 * (its pages and listeners are typed by that state in turn).
 */
export type Stage<S extends StageDeclaration['slices'] = StageDeclaration['slices']> = Omit<StageDeclaration, 'slices'> & { slices: S };
