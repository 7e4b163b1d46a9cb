// Supplemental essays, each appended to a list as it is generated, from POST /api/supplemental-essay
// (supplementalThunks.ts, whose thunk this slice follows by its type, keeping its request state). Supplemental
// essays are free, limited per browser per day; the last known quota and engine stay on this device only.
// Every generated supplemental essay is also a version of the essay its prompt and length name (all tries at
// one prompt are versions of one essay), synced like the personal statement's; any of them can be restored
// into a listed essay, the text it replaces kept first.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import {
  essayVersionId, essayVersionsDelivered, essayVersionsLetGo, essayVersionsReceived, letGoKeyedVersions, markKeyedVersions, mergeVersions,
  afterRemoteEmptied, supplementalEssayKey,
} from '../../client-core/essayVersions.ts';
import type { EssayVersion } from '../../client-core/essayVersions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import type { AiEngine } from '../../common/contract/contract.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';

export type SupplementalQuota = { limit: number; remaining: number };
export type SupplementalState = Pick<FormDocument, 'supplementalEssays'> & {
  quota?: SupplementalQuota | null;
  engine?: AiEngine | null;
  /** Versions per essay key (supplementalEssayKey), newest first. */
  versions?: Record<string, EssayVersion[]>;
  /** The essay keys some of whose older versions were let go to keep within the device's limits. */
  versionsLetGo?: Record<string, true>;
};
export type SupplementalEssay = FormDocument['supplementalEssays'][number];
export type SupplementalRootState = { supplemental: SupplementalState };

const initialState: SupplementalState = { supplementalEssays: [] };

// ---- Events (the analytics listener maps the download and the failure) ----
export const supplementalEssayGenerated = createAction<{
  essay: SupplementalEssay; wordCountWritten: number; quota: SupplementalQuota | null; engine: AiEngine | null;
  /** When it was generated, and per paragraph the answers it was built from. */
  at?: string; paragraphs?: EssayVersion['paragraphs'];
}>('supplemental/essayGenerated');
export const supplementalGenerationFailed = createAction<FlowErrorEvent>('supplemental/generationFailed');
export const supplementalEssayDownloaded = createAction<{ format: 'txt' | 'docx' }>('supplemental/essayDownloaded');
export const supplementalEssayCopied = createAction('supplemental/essayCopied');
/** The student left /supplemental: a finished request's message goes (one on its way settles when it ends). */
export const supplementalPageLeft = createAction('supplemental/pageLeft');

/** Keeps a text as the newest version of `key`, unless one of its versions already holds that text. */
function keepVersion(
  state: SupplementalState, key: string, version: Pick<EssayVersion, 'at' | 'kind' | 'text' | 'paragraphs'>,
): void {
  if (version.text.trim() === '') return;
  const versions = state.versions?.[key] ?? [];
  if (versions.some((v) => v.text === version.text)) return;
  const kept: EssayVersion = { id: essayVersionId(key, version.at, version.kind, version.text), at: version.at, kind: version.kind, text: version.text };
  if (version.paragraphs) kept.paragraphs = version.paragraphs;
  state.versions = { ...state.versions, [key]: mergeVersions(versions, [kept]) };
}

export const supplementalSlice = createSlice({
  name: 'supplemental',
  initialState,
  reducers: {
    /** A kept version of the listed essay `index` becomes its text; the text it replaces is kept first. */
    supplementalVersionRestored: {
      reducer(state, action: PayloadAction<{ index: number; id: string; at: string }>) {
        const essay = state.supplementalEssays[action.payload.index];
        if (!essay) return;
        const key = supplementalEssayKey(essay.prompt, essay.wordCount);
        const version = state.versions?.[key]?.find((v) => v.id === action.payload.id);
        if (!version) return;
        keepVersion(state, key, { at: action.payload.at, kind: 'generated', text: essay.generatedEssay });
        essay.generatedEssay = version.text;
      },
      prepare: (index: number, id: string) => ({ payload: { index, id, at: new Date().toISOString() } }),
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(supplementalEssayGenerated, (state, { payload }) => {
        state.supplementalEssays.push(payload.essay);
        state.quota = payload.quota;
        state.engine = payload.engine;
        if (payload.at) {
          keepVersion(state, supplementalEssayKey(payload.essay.prompt, payload.essay.wordCount), {
            at: payload.at, kind: 'generated', text: payload.essay.generatedEssay, paragraphs: payload.paragraphs,
          });
        }
      })
      .addCase(essayVersionsReceived, (state, { payload }) => {
        if (state.versions && (payload.erased || payload.lost)) {
          for (const key of Object.keys(state.versions)) state.versions[key] = afterRemoteEmptied(state.versions[key] ?? [], payload);
        }
        const byKey = new Map<string, EssayVersion[]>();
        for (const { essayKey, id, at, text, kind } of payload.versions) {
          if (!essayKey.startsWith('supplemental-')) continue;
          byKey.set(essayKey, [...(byKey.get(essayKey) ?? []), { id, at, text, kind, remote: 'stored' }]);
        }
        if (byKey.size === 0) return;
        state.versions ??= {};
        for (const [key, received] of byKey) state.versions[key] = mergeVersions(state.versions[key] ?? [], received);
      })
      .addCase(essayVersionsDelivered, (state, { payload }) => markKeyedVersions(state, payload))
      .addCase(essayVersionsLetGo, (state, { payload }) => letGoKeyedVersions(state, payload))
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        // Supplemental essays are not restored from the remote store, only from this device.
        if (document.supplementalEssays && takesSection('supplementalEssays', source)) {
          state.supplementalEssays = document.supplementalEssays;
        }
      })
      // "Start over" empties the list; a request on its way still ends as it ends (supplementalRequests.ts).
      .addCase(formReset, () => initialState);
  },
});

export const { supplementalVersionRestored } = supplementalSlice.actions;

const NO_VERSIONS: EssayVersion[] = [];
/** The versions of the essay a listed supplemental essay belongs to, newest first. */
export const selectSupplementalVersions = (state: SupplementalRootState, essay: SupplementalEssay): EssayVersion[] =>
  state.supplemental.versions?.[supplementalEssayKey(essay.prompt, essay.wordCount)] ?? NO_VERSIONS;

/** Whether older versions of that essay were let go to keep within the device's limits. */
export const selectSupplementalVersionsLetGo = (state: SupplementalRootState, essay: SupplementalEssay): boolean =>
  state.supplemental.versionsLetGo?.[supplementalEssayKey(essay.prompt, essay.wordCount)] ?? false;

export const selectSupplementalEssays = (state: SupplementalRootState): SupplementalEssay[] =>
  state.supplemental.supplementalEssays;
export const selectSupplementalQuota = (state: SupplementalRootState): SupplementalQuota | null =>
  state.supplemental.quota ?? null;
export const selectSupplementalEngine = (state: SupplementalRootState): AiEngine | null =>
  state.supplemental.engine ?? null;
