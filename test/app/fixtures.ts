// Preloaded states for a student at each point of the flow, built from the real document shapes.
import type { RootState } from '../../src/app/store.ts';
import { COMMON_APP_PROMPTS } from '../../src/common/essay/prompts.ts';
import { emptyFormDocument } from '../../src/common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument } from '../../src/common/questionnaire/formDocument.ts';

/** A profile that passes the questionnaire's gating for steps 1–3. */
export const passingProfile = () => {
  const doc = emptyFormDocument();
  return {
    basicInfo: { fullName: 'Maya Chen', email: 'maya@example.com' },
    academics: { ...doc.academics, classRank: 'Top 10%', subjects: ['Mathematics'] },
    collegeGoals: { ...doc.collegeGoals, collegeTypes: ['Research University'] },
    activities: doc.activities,
    personal: doc.personal,
    activitiesAndInvolvement: doc.activitiesAndInvolvement,
    personalInsights: doc.personalInsights,
  };
};

export const sampleTopic = {
  prompt: COMMON_APP_PROMPTS['2'],
  idea: 'The robotics team that lost every match',
  description: 'What a season of losses taught me about patience.',
};

export type FlowPoint = 'new' | 'essay-type' | 'topics' | 'followup' | 'result';

/** The state of a student who may enter `point` (and no step after it). */
export const studentAt = (point: FlowPoint): Partial<RootState> => {
  if (point === 'new') return {};
  const state: Partial<RootState> = { wizard: passingProfile() };
  if (point === 'essay-type') return state;
  state.essayType = { essayType: 'personal' };
  if (point === 'topics') return state;
  state.topics = { topicSuggestions: {}, selectedTopic: sampleTopic };
  if (point === 'followup') return state;
  state.followup = {
    followUpQuestions: ['What moment inspired you?'],
    followUpResponses: { 'What moment inspired you?': 'The last match.' },
  };
  return state;
};

/** A document with every section filled, for round trips. */
export const fullDocument = (): FormDocument => ({
  ...emptyFormDocument(),
  ...passingProfile(),
  activities: { extracurriculars: ['Chess'], volunteerWork: 'Food bank' },
  personal: { challenge: 'Moving schools', values: ['Honesty'], background: 'Grew up in Ohio' },
  activitiesAndInvolvement: {
    activities: [{
      category: 'sports', otherCategory: '', years: ['10th', '11th'], leadership: 'Captain',
      description: 'Varsity soccer', hoursPerWeek: '10+',
    }],
  },
  personalInsights: {
    happy: 'Winning the science fair', roleModel: 'My grandmother', lesson: 'Missing a deadline',
    hobby: 'Building robots', unique: 'I speak three languages', writingSample: { title: 'Rain', text: 'It rained.' },
  },
  selectedTopic: sampleTopic,
  topicSuggestions: { '2': [{ title: sampleTopic.idea, description: sampleTopic.description }] },
  followUpQuestions: ['What moment inspired you?', 'What changed?'],
  followUpResponses: { 'What moment inspired you?': 'The last match.' },
  generatedEssay: 'My essay.',
  supplementalEssays: [{ prompt: 'Why us?', wordCount: 250, generatedEssay: 'Because.' }],
});
