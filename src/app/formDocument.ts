// The form document (what the remote store keeps for each browser), assembled from the slices by one selector
// and loaded back by one action each slice handles (src/client-core/documentActions.ts), so no slice knows
// the storage format. The features that send it (the AI thunks) get this selector through the thunk's extra
// argument (store.ts), so this file may import them without their importing it back.
import { createSelector } from '@reduxjs/toolkit';
import { selectGeneratedEssay } from '../features/essay/index.ts';
import { selectFollowUpQuestions, selectFollowUpResponses } from '../features/followup/index.ts';
import { selectSupplementalEssays } from '../features/supplemental/index.ts';
import { selectSelectedTopic, selectTopicSuggestions } from '../features/topics/index.ts';
import { selectProfile } from '../features/wizard/index.ts';
import type { FormDocument } from '../common/questionnaire/formDocument.ts';
import type { RootState } from './store.ts';

export type FormDocumentSelector = (state: RootState) => FormDocument;


/** The whole document, recomputed only when one of its sections changes (the remote sync compares it). */
export const selectFormDocument: FormDocumentSelector = createSelector(
  [
    selectProfile, selectSelectedTopic, selectTopicSuggestions, selectFollowUpQuestions, selectFollowUpResponses,
    selectGeneratedEssay, selectSupplementalEssays,
  ],
  (profile, selectedTopic, topicSuggestions, followUpQuestions, followUpResponses, generatedEssay, supplementalEssays):
  FormDocument => ({
    // Named one by one rather than spread, so nothing but the document's own sections is ever sent.
    basicInfo: profile.basicInfo,
    academics: profile.academics,
    collegeGoals: profile.collegeGoals,
    activities: profile.activities,
    personal: profile.personal,
    activitiesAndInvolvement: profile.activitiesAndInvolvement,
    personalInsights: profile.personalInsights,
    selectedTopic,
    topicSuggestions,
    followUpQuestions,
    followUpResponses,
    generatedEssay,
    supplementalEssays,
  }),
);
