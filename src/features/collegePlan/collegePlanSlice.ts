// The college list: the student's colleges (name, round, deadline), each one's prompts (text, word limit, the
// suggested type and the student's choice, a story, a status) and the story bank. One document, kept on the
// device like every answer; the page classifies a prompt and cleans its text before dispatching, so this module
// loads neither the classifier nor zod with the app.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { formReset } from '../../client-core/documentActions.ts';
import type { CollegePlan } from '../../common/collegePlan/schema.ts';
import type { PromptType } from '../../common/collegePlan/promptTypes.ts';
import type { PromptStatus } from '../../common/collegePlan/vocabulary.ts';

export type College = CollegePlan['colleges'][number];
export type CollegePrompt = College['prompts'][number];
export type Story = CollegePlan['stories'][number];

export type CollegePlanState = {
  document: CollegePlan;
  /** The remote revision this device last saw (0: none). */
  revision: number;
  /** Edits the remote copy lacks: the sync sends the document 500 ms after the last one. */
  unsent: boolean;
  /** The planner was opened on this device: from then on each page load reads the remote copy. */
  opened: boolean;
  /** The last college removed and where it stood, so "Undo" puts it back. */
  removed: { college: College; index: number } | null;
};
export type CollegePlanRootState = { collegePlan: CollegePlanState };

const initialState: CollegePlanState = { document: { colleges: [], stories: [] }, revision: 0, unsent: false, opened: false, removed: null };

/**
 * The remote copy reached `revision`: with `document`, the remote's list replaces this device's (it held no
 * edits); `unsent` says whether edits the remote lacks remain (made while the write was on its way).
 */
/** The student opened /colleges: the remote copy is read (no edit: nothing is sent for it). */
export const collegePlanOpened = createAction('collegePlan/opened');

export const collegePlanRemoteReached = createAction<{ revision: number; unsent: boolean; document?: CollegePlan }>('collegePlan/remoteReached');

type CollegeFields = Pick<College, 'name' | 'round' | 'deadline'>;
type PromptFields = Pick<CollegePrompt, 'text' | 'wordLimit' | 'suggestedType' | 'sourceKey'>;

const findCollege = (state: CollegePlanState, id: string) => state.document.colleges.find((college) => college.id === id);
const findPrompt = (state: CollegePlanState, id: string) =>
  state.document.colleges.flatMap((college) => college.prompts).find((prompt) => prompt.id === id);

export const collegePlanSlice = createSlice({
  name: 'collegePlan',
  initialState,
  reducers: {
    collegeAdded(state, { payload }: PayloadAction<CollegeFields & { id: string }>) {
      state.document.colleges.push({ ...payload, prompts: [] });
    },
    collegeEdited(state, { payload }: PayloadAction<CollegeFields & { id: string }>) {
      const college = findCollege(state, payload.id);
      if (college) Object.assign(college, payload);
    },
    collegeRemoved(state, { payload }: PayloadAction<string>) {
      const index = state.document.colleges.findIndex((college) => college.id === payload);
      if (index < 0) return;
      const [college] = state.document.colleges.splice(index, 1);
      state.removed = { college: college!, index };
    },
    collegeRemovalUndone(state) {
      if (!state.removed) return;
      state.document.colleges.splice(state.removed.index, 0, state.removed.college);
      state.removed = null;
    },
    promptAdded(state, { payload }: PayloadAction<PromptFields & { id: string; collegeId: string }>) {
      const { collegeId, sourceKey, ...fields } = payload;
      findCollege(state, collegeId)?.prompts.push({ ...fields, chosenType: null, storyId: null, status: 'notStarted', ...(sourceKey ? { sourceKey } : {}) });
    },
    promptRemoved(state, { payload }: PayloadAction<string>) {
      for (const college of state.document.colleges) college.prompts = college.prompts.filter((prompt) => prompt.id !== payload);
    },
    /** The student's type for a prompt; choosing the suggestion again clears the choice. */
    promptTypeChosen(state, { payload }: PayloadAction<{ id: string; type: PromptType }>) {
      const prompt = findPrompt(state, payload.id);
      if (prompt) prompt.chosenType = payload.type === prompt.suggestedType ? null : payload.type;
    },
    promptStoryAssigned(state, { payload }: PayloadAction<{ id: string; storyId: string | null }>) {
      const prompt = findPrompt(state, payload.id);
      if (prompt) prompt.storyId = payload.storyId;
    },
    /** Samples generated for a prompt are kept under this supplemental essay key: it becomes the prompt's, once. */
    promptSourceKeyKept(state, { payload }: PayloadAction<{ id: string; sourceKey: string }>) {
      const prompt = findPrompt(state, payload.id);
      if (prompt && !prompt.sourceKey) prompt.sourceKey = payload.sourceKey;
    },
    promptStatusChanged(state, { payload }: PayloadAction<{ id: string; status: PromptStatus }>) {
      const prompt = findPrompt(state, payload.id);
      if (prompt) prompt.status = payload.status;
    },
    storyAdded(state, { payload }: PayloadAction<Story>) {
      state.document.stories.push(payload);
    },
    /** A story leaves the bank and every prompt it was assigned to. */
    storyRemoved(state, { payload }: PayloadAction<string>) {
      state.document.stories = state.document.stories.filter((story) => story.id !== payload);
      for (const prompt of state.document.colleges.flatMap((college) => college.prompts)) {
        if (prompt.storyId === payload) prompt.storyId = null;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(collegePlanRemoteReached, (state, { payload }) => {
        state.revision = payload.revision;
        state.unsent = payload.unsent;
        if (payload.document) state.document = payload.document;
      })
      // "Start over" and "Delete my data" empty the list with every other answer; the remote's copy is then
      // emptied too (this device's empty list is sent), its revision kept so the write is not stale.
      .addCase(collegePlanOpened, (state) => {
        state.opened = true;
      })
      .addCase(formReset, (state) => ({ ...initialState, revision: state.revision, unsent: true, opened: state.opened }))
      // Every edit of the student's (each reducer above): the remote copy now lacks it. Read when the reducer is
      // first built, once the slice's actions exist.
      .addMatcher((action: UnknownAction) => studentEdits().some((creator) => creator.match(action)), (state) => {
        state.unsent = true;
      });
  },
});

const studentEdits = (): Array<{ match: (action: UnknownAction) => boolean }> => Object.values(collegePlanSlice.actions);

export const {
  collegeAdded, collegeEdited, collegeRemoved, collegeRemovalUndone, promptAdded, promptRemoved,
  promptTypeChosen, promptStoryAssigned, promptSourceKeyKept, promptStatusChanged, storyAdded, storyRemoved,
} = collegePlanSlice.actions;

export const selectCollegePlan = (state: CollegePlanRootState): CollegePlan => state.collegePlan.document;
export const selectRemovedCollege = (state: CollegePlanRootState): College | null => state.collegePlan.removed?.college ?? null;
/** The type that counts for a prompt: the student's choice, else the suggestion. */
export const promptType = (prompt: CollegePrompt): PromptType => prompt.chosenType ?? prompt.suggestedType;
