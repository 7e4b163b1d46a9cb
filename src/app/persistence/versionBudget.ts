// The device keeps its essay versions within the same limits as the server (src/common/essay/versionPruning.ts):
// after any change to the versions (one kept, some read from the remote store, the device copy read back),
// the versions past the limits are let go, for all essays at once, and the essay slices remember that they
// lost some so the version lists can say so. On a device a version's receive time is its own time. The totals
// hold even for a browser with many essays: an essay's newest version goes once the server holds a copy (the
// server never lets an essay's newest go), oldest essays first; one the server does not hold yet never goes.
import { essayVersionsLetGo } from '../../client-core/essayVersions.ts';
import type { EssayVersion } from '../../client-core/essayVersions.ts';
import { versionSize, versionsToLetGo } from '../../common/essay/versionPruning.ts';
import type { VersionFacts } from '../../common/essay/versionPruning.ts';
import type { EssayVersionRecord } from '../../common/contract/contract.ts';
import type { AppStartListening } from '../hooks.ts';
import { STAGES } from '../stages.ts';
import type { RootState } from '../store.ts';

/** The stages that keep essay versions (src/app/stages.ts). */
const versionedStages = STAGES.flatMap((stage) => (stage.versions ? [stage.versions] : []));

/** Every version this device holds, each with the essay it belongs to. */
export function deviceVersions(state: RootState): Array<{ essayKey: string; version: EssayVersion; index: number }> {
  return versionedStages.flatMap((versions) => versions.list(state));
}

/** Did any stage's versions change between two states? */
export const versionsChanged = (current: RootState, previous: RootState): boolean =>
  versionedStages.some((versions) => versions.of(current) !== versions.of(previous));

/** The facts the pruning weighs; each list is newest first, so a smaller index is later. */
export function deviceVersionFacts(state: RootState): VersionFacts[] {
  return deviceVersions(state).map(({ essayKey, version, index }) => {
    const time = Date.parse(version.at);
    const at = Number.isNaN(time) ? 0 : time;
    return {
      id: version.id, essayKey, kind: version.kind, size: versionSize(version.text, version.coach), receivedAt: at, at, sequence: -index,
      onServer: version.remote === 'stored',
    };
  });
}

/** The versions the remote store does not have yet, as the contract sends them. */
export const unsentVersions = (state: RootState): EssayVersionRecord[] =>
  deviceVersions(state).filter(({ version }) => version.remote === undefined)
    .map(({ essayKey, version: { id, at, kind, text, coach } }) => ({ id, essayKey, at, kind, text, ...(coach ? { coach } : {}) }));

export function addVersionBudgetListener(startListening: AppStartListening, now: () => number = Date.now): void {
  startListening({
    predicate: (action, current, previous) => !essayVersionsLetGo.match(action) && versionsChanged(current, previous),
    effect: (_action, api) => {
      const ids = versionsToLetGo(deviceVersionFacts(api.getState()), now());
      if (ids.length > 0) api.dispatch(essayVersionsLetGo({ ids }));
    },
  });
}
