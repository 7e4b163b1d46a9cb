// The coach: the student's own draft (a personal statement, or an answer to a supplemental prompt), what it
// answers, and its kept revisions. The draft is the student's typing and stays in the device copy like every
// answer; it reaches the server only when the student presses "Ask the coach" (coachThunks.ts, whose request
// state is coachRequests.ts's) or keeps a revision, which is an essay version of kind 'coach' under a coach- key,
// synced and pruned with the other essays' versions and erased with them by "Delete my data".
import { createAction, createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formReset } from '../../client-core/documentActions.ts';
import {
  afterRemoteEmptied, coachEssayKey, essayVersionId, essayVersionsDelivered, essayVersionsLetGo, essayVersionsReceived, letGoKeyedVersions, markKeyedVersions,
  mergeVersions, promptEssayKey, receivedFor,
} from '../../client-core/essayVersions.ts';
import type { EssayVersion } from '../../client-core/essayVersions.ts';
import { COACH_RULES_VERSION } from '../../common/coach/limits.ts';
import { ESSAY_WORD_LIMIT } from '../../common/limits/limits.ts';
import type { PlacedComment } from '../../common/coach/merge.ts';
import type { CoachStatusResponse } from '../../common/contract/contract.ts';

export type CoachEssayKind = 'personal' | 'supplemental';
export type CoachModel = NonNullable<CoachStatusResponse['model']>;

export type CoachState = {
  kind: CoachEssayKind;
  /** The supplemental prompt the draft answers (unused for a personal statement). */
  prompt: string;
  /** The supplemental answer's word limit (a personal statement's is 650); null: no length check. */
  wordLimit: number | null;
  draft: string;
  /**
   * The college planner prompt the draft answers, whose id names its revisions, whatever its text or limit
   * becomes here; gone once the student chooses another essay.
   */
  promptId?: string;
  /**
   * That prompt's essay key from before the planner (`supplemental-…`, planner's `sourceKey`): the coach's
   * revisions kept under `coach-<sourceKey>` are its drafts too, and shown with the new ones.
   */
  promptSourceKey?: string;
  /** Kept revisions per coach essay key (coachEssayKey), newest first. */
  versions?: Record<string, EssayVersion[]>;
  /** The keys some of whose older revisions were let go to keep within the device's limits. */
  versionsLetGo?: Record<string, true>;
  /** The model the server can ask, and the asks left today; null: none configured. Not known until asked. */
  model?: CoachModel | null;
  /** Whether the last "Ask the coach" got the model's questions, or only the rules' (a model that failed). */
  lastAsk?: 'model' | 'offline';
};
export type CoachRootState = { coach: CoachState };

export const SUPPLEMENTAL_DEFAULT_LIMIT = 250;
const initialState: CoachState = { kind: 'personal', prompt: '', wordLimit: SUPPLEMENTAL_DEFAULT_LIMIT, draft: '' };

/** The model answered "Ask the coach" (its questions, placed by paragraph), or it did not (`engine` 'offline'). */
export const coachAnswered = createAction<{ at: string; text: string; engine: 'model' | 'offline'; comments: PlacedComment[] }>('coach/answered');
export const coachStatusReceived = createAction<CoachModel | null>('coach/statusReceived');
/** The student left /coach: a finished request's message goes (one on its way settles when it ends). */
export const coachPageLeft = createAction('coach/pageLeft');

/** The key the draft's revisions are kept under; null while a supplemental answer has no prompt yet. */
export function draftKey(state: Pick<CoachState, 'kind' | 'prompt' | 'wordLimit' | 'promptId'>): string | null {
  const ofPrompt = state.kind === 'supplemental' && state.promptId !== undefined ? promptEssayKey(state.promptId) : null;
  if (ofPrompt) return `coach-${ofPrompt}`;
  return state.kind === 'supplemental' && state.prompt.trim() === '' ? null : coachEssayKey(state.kind, state.prompt.trim(), state.wordLimit);
}

/** Keeps the draft as the newest revision of its essay, unless its newest revision already holds that text and those questions. */
function keepRevision(state: CoachState, at: string, comments: PlacedComment[]): void {
  const key = draftKey(state);
  if (!key || state.draft.trim() === '') return;
  const versions = state.versions?.[key] ?? [];
  const newest = versions[0];
  if (newest?.text === state.draft && (comments.length === 0 || JSON.stringify(newest.coach?.comments) === JSON.stringify(comments))) return;
  const kept: EssayVersion = {
    id: essayVersionId(key, at, 'coach', state.draft), at, kind: 'coach', text: state.draft,
    coach: { rulesVersion: COACH_RULES_VERSION, comments },
  };
  state.versions = { ...state.versions, [key]: mergeVersions(versions, [kept]) };
}

const stamped = <T>(payload: T) => ({ payload: { ...payload, at: new Date().toISOString() } });

export const coachSlice = createSlice({
  name: 'coach',
  initialState,
  reducers: {
    coachDraftChanged(state, action: PayloadAction<string>) {
      state.draft = action.payload;
    },
    /**
     * The essay the draft answers. Choosing an essay (a kind) without a planner prompt leaves the prompt the draft
     * was for; editing the prompt's text or limit keeps it, so its revisions stay the planner prompt's drafts.
     */
    coachEssayChanged(state, action: PayloadAction<Partial<Pick<CoachState, 'kind' | 'prompt' | 'wordLimit' | 'promptId' | 'promptSourceKey'>>>) {
      const { payload } = action;
      if (payload.kind !== undefined || payload.promptId !== undefined) {
        delete state.promptId;
        delete state.promptSourceKey;
      }
      Object.assign(state, payload);
    },
    /** "Save this revision": the draft as it stands, with the rules' version it was reviewed under. */
    coachRevisionKept: {
      reducer(state, action: PayloadAction<{ at: string }>) {
        keepRevision(state, action.payload.at, []);
      },
      prepare: () => stamped({}),
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(coachAnswered, (state, { payload }) => {
        state.lastAsk = payload.engine;
        if (state.draft === payload.text) keepRevision(state, payload.at, payload.comments);
      })
      .addCase(coachStatusReceived, (state, { payload }) => {
        state.model = payload;
      })
      .addCase(essayVersionsReceived, (state, { payload }) => {
        if (state.versions && (payload.erased || payload.lost)) {
          for (const key of Object.keys(state.versions)) state.versions[key] = afterRemoteEmptied(state.versions[key] ?? [], payload);
        }
        const keys = new Set(payload.versions.map((version) => version.essayKey).filter((key) => key.startsWith('coach-')));
        if (keys.size === 0) return;
        state.versions ??= {};
        for (const key of keys) state.versions[key] = mergeVersions(state.versions[key] ?? [], receivedFor(payload.versions, key));
      })
      .addCase(essayVersionsDelivered, (state, { payload }) => markKeyedVersions(state, payload))
      .addCase(essayVersionsLetGo, (state, { payload }) => letGoKeyedVersions(state, payload))
      // "Start over" and "Delete my data" empty the draft and its revisions; a request on its way ends as it ends
      // (coachRequests.ts).
      .addCase(formReset, () => initialState);
  },
});

export const { coachDraftChanged, coachEssayChanged, coachRevisionKept } = coachSlice.actions;

const NO_VERSIONS: EssayVersion[] = [];
export const selectCoach = (state: CoachRootState): CoachState => state.coach;
export const selectCoachWordLimit = (state: CoachRootState): number | null =>
  (state.coach.kind === 'personal' ? ESSAY_WORD_LIMIT : state.coach.wordLimit);
/**
 * The revisions of the essay the draft is for, newest first: for a planner prompt brought in from before the
 * planner, its earlier coach revisions with the ones kept under its id.
 */
export const selectCoachRevisions = createSelector(
  [
    (state: CoachRootState) => state.coach.versions,
    (state: CoachRootState) => draftKey(state.coach),
    (state: CoachRootState) => (state.coach.promptId !== undefined && state.coach.promptSourceKey ? `coach-${state.coach.promptSourceKey}` : null),
  ],
  (versions, key, earlierKey): EssayVersion[] => {
    const own = (key && versions?.[key]) || NO_VERSIONS;
    const earlier = (earlierKey && earlierKey !== key && versions?.[earlierKey]) || NO_VERSIONS;
    return earlier.length === 0 ? own : mergeVersions(own, earlier);
  },
);
