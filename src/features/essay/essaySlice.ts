// The personal-statement essay (the document's generatedEssay): generated on /result for the paid plan (streamed in
// by generateEssay.ts), then editable in place. `generatedEssay` is what the student has now, edits included
// (it is what the document saves, Copy copies and Download saves); `originalEssay` keeps what was generated,
// for "Restore generated version". The other fields stay on this device.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import {
  essayVersionId, essayVersionsDelivered, essayVersionsLetGo, essayVersionsReceived, markVersions, mergeVersions, PERSONAL_ESSAY_KEY,
  receivedFor, afterRemoteEmptied, withoutVersions,
} from '../../client-core/essayVersions.ts';
import type { EssayVersion } from '../../client-core/essayVersions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import { ESSAY_VERSIONS_PER_ESSAY } from '../../common/limits/limits.ts';
import type { AiEngine } from '../../common/contract/contract.ts';
import { countWords } from '../../common/text/wordCount.ts';

/** One of the student's answers a paragraph was built from, as the result page names it. */
export type EssaySource = { key: string; label: string; excerpt: string };
/** How the generated essay was made: when, and per paragraph of the generated text, from which answers. */
export type EssayRecord = { generatedAt: string; paragraphs: EssaySource[][] };

/** A kept version of the personal statement: generated, or the student's edited text. */
export type { EssayVersion };
/** The most versions kept on this device (and on the server); older ones go first (src/common/essay/versionPruning.ts). */
export const MAX_ESSAY_VERSIONS = ESSAY_VERSIONS_PER_ESSAY;

export type EssayState = {
  generatedEssay: string;
  originalEssay?: string;
  /** Kept on this device only, like the notes: the answers each paragraph came from. */
  record?: EssayRecord;
  /** Earlier and current versions, newest first; synced with the remote store (client-core/essayVersions.ts). */
  versions?: EssayVersion[];
  /** The remote store's version revision this device has read up to. */
  versionsRevision?: number;
  /** Older versions were let go to keep within the device's limits (the list says so). */
  versionsLetGo?: boolean;
  notes?: string[];
  engine?: AiEngine | null;
  essayVariant?: number;
};
export type EssayRootState = { essay: EssayState };

// Only the document's field up front; the optional ones appear once an essay is generated.
const initialState: EssayState = { generatedEssay: '' };

// ---- Events (the analytics listener maps essayGenerated, essayDownloaded and the failure) ----
export const essayStreamStarted = createAction('essay/streamStarted');
export const essayTextStreamed = createAction<string>('essay/textStreamed');
export const essayGenerated = createAction<{
  essay: string; topic: string; wordCount: number; notes: string[]; engine: AiEngine | null; variant: number;
  record?: EssayRecord;
}>('essay/generated');
export const essayGenerationFailed = createAction<FlowErrorEvent>('essay/generationFailed');
export const essayDownloaded = createAction<{ format: 'txt' | 'docx' }>('essay/downloaded');
export const essayCopied = createAction('essay/copied');
/** Keeps `text` as the newest version unless it already is (the same text twice is one version). */
function keepVersion(state: EssayState, text: string, kind: EssayVersion['kind'], at: string): void {
  if (text.trim() === '') return;
  const versions = state.versions ?? [];
  if (versions[0]?.text === text) return;
  // Made from the version itself (a reducer stays pure): the same version kept twice is one.
  const id = essayVersionId(PERSONAL_ESSAY_KEY, at, kind, text);
  if (versions.some((v) => v.id === id)) return;
  // The limits are kept afterwards, for every essay at once (app/versionBudget.ts).
  state.versions = [{ id, at, text, kind }, ...versions];
}

export const essaySlice = createSlice({
  name: 'essay',
  initialState,
  reducers: {
    /** "Save version", leaving the editor, or a pause in typing: the current text becomes a version. */
    essayVersionSaved: {
      reducer(state, action: PayloadAction<{ at: string }>) {
        keepVersion(state, state.generatedEssay, 'edited', action.payload.at);
      },
      prepare: () => ({ payload: { at: new Date().toISOString() } }),
    },
    /** A kept version becomes the current essay; the text it replaces is kept first. */
    essayVersionRestored: {
      reducer(state, action: PayloadAction<{ id: string; at: string }>) {
        const version = state.versions?.find((v) => v.id === action.payload.id);
        if (!version) return;
        keepVersion(state, state.generatedEssay, 'edited', action.payload.at);
        state.generatedEssay = version.text;
      },
      prepare: (id: string) => ({ payload: { id, at: new Date().toISOString() } }),
    },
    essayEdited(state, action: PayloadAction<string>) {
      state.generatedEssay = action.payload;
    },
    essayRestored(state) {
      if (state.originalEssay) state.generatedEssay = state.originalEssay;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(essayGenerated, (state, { payload }) => {
        // Regenerating never loses what the student had: their edited text is kept before the new essay.
        const at = payload.record?.generatedAt ?? '';
        // Kept a millisecond before the new essay, so every device lists the two in the order they were kept.
        const before = Number.isNaN(Date.parse(at)) ? at : new Date(Date.parse(at) - 1).toISOString();
        if (state.generatedEssay !== state.originalEssay) keepVersion(state, state.generatedEssay, 'edited', before);
        keepVersion(state, payload.essay, 'generated', at);
        state.generatedEssay = payload.essay;
        state.originalEssay = payload.essay;
        state.notes = payload.notes;
        state.engine = payload.engine;
        state.essayVariant = payload.variant;
        if (payload.record) state.record = payload.record;
        else delete state.record;
      })
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        if (document.generatedEssay !== undefined && takesSection('generatedEssay', source)) {
          state.generatedEssay = document.generatedEssay;
          // A document from elsewhere has no separate original: what it holds is what can be restored.
          if (!state.originalEssay) state.originalEssay = document.generatedEssay;
        }
      })
      .addCase(essayVersionsReceived, (state, { payload }) => {
        if (state.versions) state.versions = afterRemoteEmptied(state.versions, payload);
        const received = receivedFor(payload.versions, PERSONAL_ESSAY_KEY);
        if (received.length > 0) state.versions = mergeVersions(state.versions ?? [], received);
        state.versionsRevision = payload.revision;
      })
      .addCase(essayVersionsDelivered, (state, { payload }) => {
        if (state.versions) state.versions = markVersions(state.versions, new Set(payload.ids), payload.remote);
      })
      .addCase(essayVersionsLetGo, (state, { payload }) => {
        if (!state.versions) return;
        const kept = withoutVersions(state.versions, new Set(payload.ids));
        if (kept === state.versions) return;
        state.versions = kept;
        state.versionsLetGo = true;
      })
      // The remote store keeps its versions until "Delete my data"; the device need not read them again.
      .addCase(formReset, (state) => (state.versionsRevision ? { ...initialState, versionsRevision: state.versionsRevision } : initialState));
  },
});

export const { essayEdited, essayRestored, essayVersionSaved, essayVersionRestored } = essaySlice.actions;

export const selectGeneratedEssay = (state: EssayRootState): string => state.essay.generatedEssay;
export const selectEssayWordCount = (state: EssayRootState): number => countWords(state.essay.generatedEssay);
const NO_NOTES: string[] = [];
export const selectEssayNotes = (state: EssayRootState): string[] => state.essay.notes ?? NO_NOTES;
export const selectEssayEngine = (state: EssayRootState): AiEngine | null => state.essay.engine ?? null;
const NO_VERSIONS: EssayVersion[] = [];
export const selectEssayVersions = (state: EssayRootState): EssayVersion[] => state.essay.versions ?? NO_VERSIONS;
export const selectEssayVersionsLetGo = (state: EssayRootState): boolean => state.essay.versionsLetGo ?? false;
export const selectEssayRecord = (state: EssayRootState): EssayRecord | null => state.essay.record ?? null;
/** The generated text the record's paragraphs belong to (what "Restore generated version" brings back). */
export const selectOriginalEssay = (state: EssayRootState): string => state.essay.originalEssay ?? state.essay.generatedEssay;
export const selectEssayVariant = (state: EssayRootState): number => state.essay.essayVariant ?? 0;
/** Edited since it was generated (and there is a generated version to go back to). */
export const selectEssayEdited = (state: EssayRootState): boolean =>
  Boolean(state.essay.originalEssay) && state.essay.originalEssay !== state.essay.generatedEssay;
