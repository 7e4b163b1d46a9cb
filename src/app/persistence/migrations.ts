// Versioned migrations of the device copy (redux-persist). Bump PERSIST_VERSION when a persisted slice
// changes shape and add a step keyed by the new version that turns the old state into the new one, e.g.
//   2: (state) => ({ ...state, topics: { ...state.topics, newField: [] } }),
// A student coming back after months then keeps every answer instead of rehydrating into a broken shape.
import type { MigrationManifest, PersistedState } from 'redux-persist';
import { essayVersionId, PERSONAL_ESSAY_KEY } from '../../client-core/essayVersions.ts';

export const PERSIST_VERSION = 5;

type Stored = PersistedState & {
  followup?: { followUpQuestions?: string[]; followUpResponses?: Record<string, string> };
  sync?: { dirty?: string[] };
  essay?: Record<string, unknown>;
};

type StoredV3 = PersistedState & {
  sync?: { saved?: unknown };
  essay?: Record<string, unknown>;
};

/**
 * The answers to `questions` only, as version 2 kept them. A migration keeps its own copy of the rule it applied
 * then: the stage's code may change after, the devices that still need this step do not.
 */
const answersToShown = (responses: Record<string, string>, questions: readonly string[]): Record<string, string> =>
  Object.fromEntries(questions.filter((question) => Object.hasOwn(responses, question))
    .map((question) => [question, responses[question] as string]));

/**
 * Version 2: follow-up answers are kept only for the questions shown. Devices from before kept the
 * answers to every question ever generated; they are pruned here, and the section is marked as edited so
 * the pruned copy is what reaches the server (an unedited section would take the server's bigger one back).
 * With no questions shown there is nothing to judge by, and the answers stay.
 */
const pruneFollowUpAnswers = (state: Stored): Stored => {
  const { followup, sync } = state;
  const questions = followup?.followUpQuestions ?? [];
  const responses = followup?.followUpResponses;
  if (!followup || !responses || questions.length === 0) return state;
  const kept = answersToShown(responses, questions);
  if (Object.keys(kept).length === Object.keys(responses).length) return state;
  const dirty = sync?.dirty ?? [];
  return {
    ...state,
    followup: { ...followup, followUpResponses: kept },
    ...(sync ? { sync: { ...sync, dirty: dirty.includes('followUpResponses') ? dirty : [...dirty, 'followUpResponses'] } } : {}),
  };
};

/**
 * Version 3: what the remote sync remembers moves under `sync.saved` (the sync slice now also holds this
 * page's sync status, which is not stored), and the text of an essay that was still streaming when the page
 * closed is dropped (streaming text is no longer stored; the finished essay stays).
 */
const nestSavedSync = (state: Stored): StoredV3 => {
  const { sync, essay, ...rest } = state;
  const next: StoredV3 = { ...rest };
  if (sync) {
    const { revision = 0, dirty = [], resetPending = false } = sync as { revision?: number; dirty?: string[]; resetPending?: boolean };
    next.sync = { saved: { revision, dirty, resetPending } };
  }
  if (essay) {
    const { streamingEssay: _dropped, ...kept } = essay;
    next.essay = kept;
  }
  return next;
};

type StoredVersion = { id: string; at: string; text: string; kind: 'generated' | 'edited' };

/**
 * Version 4: essay versions are synced, named by an id made from their content (the same version on two
 * devices is one). Versions kept before were named by their time; they get their content id, and one kept
 * without a time (an essay generated before generation times were recorded) gets the time of this migration.
 */
const contentIds = (state: StoredV3, now: string): StoredV3 => {
  const versions = state.essay?.versions as StoredVersion[] | undefined;
  if (!state.essay || !Array.isArray(versions)) return state;
  const renamed = versions.map((version) => {
    const at = Number.isNaN(Date.parse(version.at)) ? now : version.at;
    return { ...version, at, id: essayVersionId(PERSONAL_ESSAY_KEY, at, version.kind, version.text) };
  });
  const unique = renamed.filter((version, index) => renamed.findIndex((other) => other.id === version.id) === index);
  return { ...state, essay: { ...state.essay, versions: unique } };
};

/**
 * Version 5: a stage's request state is a slice of its own, which the device copy never holds; it used to sit
 * in the stage's slice under `request`, kept out of the copy on the way in and out. A copy that holds one all
 * the same loses it here, so it is not read back into the stage's data.
 */
const requestsApart = (state: PersistedState): PersistedState => {
  const next: Record<string, unknown> = { ...state };
  for (const [key, slice] of Object.entries(next)) {
    if (key === '_persist' || slice === null || typeof slice !== 'object' || !('request' in slice)) continue;
    const { request: _dropped, ...kept } = slice as Record<string, unknown>;
    next[key] = kept;
  }
  return next as PersistedState;
};

export const migrations: MigrationManifest = {
  2: (state) => (state ? pruneFollowUpAnswers(state as Stored) : state),
  3: (state) => (state ? nestSavedSync(state as Stored) : state),
  4: (state) => (state ? contentIds(state as StoredV3, new Date().toISOString()) : state),
  5: (state) => (state ? requestsApart(state) : state),
};
