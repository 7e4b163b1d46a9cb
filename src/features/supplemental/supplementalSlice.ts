// Supplemental essays, each appended to a list as it is generated, from
// POST /api/supplemental-essay (generateSupplemental.ts, loaded with the page). Supplemental essays are free,
// limited per browser per day; the last known quota and engine stay on this device only.
import { createAction, createSlice } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import type { AiEngine } from '../../common/contract.ts';
import type { FormDocument } from '../../common/formDocument.ts';

export type SupplementalQuota = { limit: number; remaining: number };
export type SupplementalState = Pick<FormDocument, 'supplementalEssays'> & {
  quota?: SupplementalQuota | null;
  engine?: AiEngine | null;
};
export type SupplementalEssay = FormDocument['supplementalEssays'][number];
export type SupplementalRootState = { supplemental: SupplementalState };

const initialState: SupplementalState = { supplementalEssays: [] };

// ---- Events (the analytics listener maps the download and the failure) ----
export const supplementalEssayGenerated = createAction<{
  essay: SupplementalEssay; wordCountWritten: number; quota: SupplementalQuota | null; engine: AiEngine | null;
}>('supplemental/essayGenerated');
export const supplementalGenerationFailed = createAction<FlowErrorEvent>('supplemental/generationFailed');
export const supplementalEssayDownloaded = createAction<{ format: 'txt' | 'docx' }>('supplemental/essayDownloaded');
export const supplementalEssayCopied = createAction('supplemental/essayCopied');

export const supplementalSlice = createSlice({
  name: 'supplemental',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(supplementalEssayGenerated, (state, { payload }) => {
        state.supplementalEssays.push(payload.essay);
        state.quota = payload.quota;
        state.engine = payload.engine;
      })
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        // Supplemental essays are not restored from the remote store, only from this device.
        if (document.supplementalEssays && takesSection('supplementalEssays', source)) {
          state.supplementalEssays = document.supplementalEssays;
        }
      })
      .addCase(formReset, () => initialState);
  },
});

export const selectSupplementalEssays = (state: SupplementalRootState): SupplementalEssay[] =>
  state.supplemental.supplementalEssays;
export const selectSupplementalQuota = (state: SupplementalRootState): SupplementalQuota | null =>
  state.supplemental.quota ?? null;
export const selectSupplementalEngine = (state: SupplementalRootState): AiEngine | null =>
  state.supplemental.engine ?? null;
