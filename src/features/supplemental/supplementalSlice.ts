// Supplemental essays, each appended to a list as it is generated (SPEC §4). Generating one
// (POST /api/supplemental-essay) arrives with the essay-flow issue.
import { createSlice } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../app/documentActions.ts';
import type { FormDocument } from '../../shared/formDocument.ts';

export type SupplementalState = Pick<FormDocument, 'supplementalEssays'>;
export type SupplementalEssay = FormDocument['supplementalEssays'][number];
export type SupplementalRootState = { supplemental: SupplementalState };

const initialState: SupplementalState = { supplementalEssays: [] };

export const supplementalSlice = createSlice({
  name: 'supplemental',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        // SPEC §3: supplemental essays are not restored from the remote store, only from this device.
        if (document.supplementalEssays && takesSection('supplementalEssays', source)) {
          state.supplementalEssays = document.supplementalEssays;
        }
      })
      .addCase(formReset, () => initialState);
  },
});

export const selectSupplementalEssays = (state: SupplementalRootState): SupplementalEssay[] =>
  state.supplemental.supplementalEssays;
