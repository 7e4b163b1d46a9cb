// Essay versions, shared by the essay slices (personal statement, supplemental essays) and the remote sync.
// A version is append-only and named by an id made from its own content (essay, time, kind, text), so the
// same version kept or sent twice (a retry, two tabs) is one version, and merging two devices' lists is
// their union: nothing is ever overwritten. The current essay is not a version: it lives in the form
// document, whose sync has its own revisions; restoring a version makes its text the current essay and
// keeps the replaced text as a version first.
import { createAction } from '@reduxjs/toolkit';
import type { CoachVersionData } from '../common/coach/schema.ts';
import type { EssayVersionRecord } from '../common/contract/contract.ts';

/** A kept version as the device holds it. `remote` says whether the sync has delivered it (or given up). */
export type EssayVersion = {
  id: string;
  at: string;
  text: string;
  kind: EssayVersionRecord['kind'];
  /** A coach revision's rules version and model questions (coach- keys only), synced with it. */
  coach?: CoachVersionData;
  /** Per paragraph, the answers a generated text was built from (this device only; never sent). */
  paragraphs?: Array<Array<{ key: string; label: string; excerpt: string }>>;
  remote?: 'stored' | 'refused';
};

export const PERSONAL_ESSAY_KEY = 'personal';

/** FNV-1a over the text's UTF-16 units from `seed`: fast, and plenty for telling a student's versions apart. */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const digest = (text: string, parts: number): string =>
  Array.from({ length: parts }, (_, n) => fnv1a(text, 0x811c9dc5 ^ Math.imul(n + 1, 0x9e3779b1))).join('');

/** The id of a version: the same version on any device gets the same id. */
export const essayVersionId = (essayKey: string, at: string, kind: EssayVersion['kind'], text: string): string =>
  `v${digest(`${essayKey}\n${at}\n${kind}\n${text}`, 3)}`;

/** The essay key of a supplemental essay: its prompt and length name it, on every device alike. */
export const supplementalEssayKey = (prompt: string, wordCount: number): string =>
  `supplemental-${digest(`${wordCount}\n${prompt}`, 2)}`;

// Two versions of the same time keep their order (the sort is stable): the device's own list comes first.
const newestFirst = (a: EssayVersion, b: EssayVersion): number => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1);

/**
 * Two lists of one essay's versions as one: every id once (a version the remote has is marked stored),
 * newest first. What is kept is decided afterwards, for all essays at once (app/versionBudget.ts).
 */
export function mergeVersions(mine: readonly EssayVersion[], theirs: readonly EssayVersion[]): EssayVersion[] {
  const byId = new Map(mine.map((version) => [version.id, version]));
  for (const version of theirs) {
    const known = byId.get(version.id);
    byId.set(version.id, known ? { ...known, remote: version.remote ?? known.remote } : version);
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * The essay key of a draft written with the coach: its personal statement, or one per supplemental prompt and
 * length (no length check counts as 0 words, a limit no prompt has).
 */
export const coachEssayKey = (kind: 'personal' | 'supplemental', prompt: string, wordLimit: number | null): string =>
  (kind === 'personal' ? `coach-${PERSONAL_ESSAY_KEY}` : `coach-${supplementalEssayKey(prompt, wordLimit ?? 0)}`);

/**
 * The essay key of a college planner prompt's drafts: its id, so editing the prompt's text keeps them. Null
 * for an id too long for the 40-character key (`coach-prompt-` leaves 27), which is then named by its text.
 */
export const promptEssayKey = (promptId: string): string | null =>
  (/^[\w-]{1,27}$/.test(promptId) ? `prompt-${promptId}` : null);

/** Versions of `essayKey` read from the remote store, as the device holds them. */
export const receivedFor = (records: readonly EssayVersionRecord[], essayKey: string): EssayVersion[] =>
  records.filter((record) => record.essayKey === essayKey)
    .map(({ id, at, text, kind, coach }) => ({ id, at, text, kind, remote: 'stored' as const, ...(coach ? { coach } : {}) }));

/** Marks the listed versions delivered (or refused for good) in a list; the same list when none is in it. */
export function markVersions(list: readonly EssayVersion[], ids: ReadonlySet<string>, remote: 'stored' | 'refused'): EssayVersion[] {
  if (!list.some((version) => ids.has(version.id) && version.remote !== remote)) return list as EssayVersion[];
  return list.map((version) => (ids.has(version.id) ? { ...version, remote } : version));
}

// ---- The remote sync's actions; each essay slice takes its own essays' versions ----
/**
 * Versions read from the remote store, and the revision the read reached. `erased`: the student's data was
 * erased since this device's last read ("Delete my data" in another tab, or the retention purge), so the
 * versions it had delivered go from this device too; ones never sent stay. `'all'`: the store refused a batch
 * as based on a read from before the erasure, so every version this device holds is a copy of erased data.
 */
export const essayVersionsReceived = createAction<{
  versions: EssayVersionRecord[]; revision: number; erased?: boolean | 'all';
  /** The remote store holds none of them any more without having erased them (it started afresh): send them again. */
  lost?: boolean;
}>('essayVersions/received');

/** A list after the remote store erased (`erased`) or lost (`lost`) every version: see essayVersionsReceived. */
export function afterRemoteEmptied(list: readonly EssayVersion[], how: { erased?: boolean | 'all'; lost?: boolean }): EssayVersion[] {
  if (how.erased === 'all') return [];
  if (how.erased) return list.filter((version) => version.remote !== 'stored');
  if (how.lost) return list.map(({ remote, ...version }) => (remote === 'refused' ? { ...version, remote } : version));
  return list as EssayVersion[];
}
/**
 * Versions this device lets go to keep within its limits (src/common/essay/versionPruning.ts); each essay slice
 * removes its own and remembers that it lost some, so its list can say so.
 */
export const essayVersionsLetGo = createAction<{ ids: string[] }>('essayVersions/letGo');

/** A list without the versions let go; the same list when none of them is in it. */
export function withoutVersions(list: readonly EssayVersion[], ids: ReadonlySet<string>): EssayVersion[] {
  return list.some((version) => ids.has(version.id)) ? list.filter((version) => !ids.has(version.id)) : list as EssayVersion[];
}

/** The remote store has these versions now (`stored`), or refused them for good (`refused`, kept on the device). */
export const essayVersionsDelivered = createAction<{ ids: string[]; remote: 'stored' | 'refused' }>('essayVersions/delivered');

/** The versions of a slice that keeps them per essay key (supplementals, the coach's drafts). */
export interface KeyedVersions {
  versions?: Record<string, EssayVersion[]>;
  /** Essay keys that lost versions to the device's budget, for the page to say so. */
  versionsLetGo?: Record<string, true>;
}

/** `essayVersionsDelivered` for such a slice: each delivered version marked stored or refused. */
export function markKeyedVersions(state: KeyedVersions, { ids, remote }: { ids: string[]; remote: 'stored' | 'refused' }): void {
  if (!state.versions) return;
  const delivered = new Set(ids);
  for (const key of Object.keys(state.versions)) state.versions[key] = markVersions(state.versions[key] ?? [], delivered, remote);
}

/** `essayVersionsLetGo` for such a slice: the versions gone, and the essays that lost some noted. */
export function letGoKeyedVersions(state: KeyedVersions, { ids }: { ids: string[] }): void {
  if (!state.versions) return;
  const gone = new Set(ids);
  for (const [key, list] of Object.entries(state.versions)) {
    const kept = withoutVersions(list, gone);
    if (kept === list) continue;
    state.versions[key] = kept;
    state.versionsLetGo = { ...state.versionsLetGo, [key]: true };
  }
}
