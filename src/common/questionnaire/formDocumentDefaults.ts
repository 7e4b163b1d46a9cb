// The form document's values the browser needs from its first moment (the empty document, the sections
// restored on start-up), kept apart from its zod schemas (formDocument.ts): the browser loads zod and the
// contract only when it first checks an answer from the server, so nothing here may import them at run time.
import type { ActivityEntry, FormDocument, FormSection } from './formDocument.ts';

/** Restored from the remote store on start-up; the others (follow-up questions, supplemental essays) are not. */
export const RESTORED_SECTIONS = [
  'basicInfo', 'academics', 'collegeGoals', 'activities', 'personal', 'selectedTopic', 'followUpResponses',
  'activitiesAndInvolvement', 'personalInsights', 'topicSuggestions', 'generatedEssay',
] as const satisfies readonly FormSection[];

export const emptyActivityEntry = (): ActivityEntry => ({
  category: '', otherCategory: '', years: [], leadership: '', description: '', hoursPerWeek: '',
});

export const emptyFormDocument = (): FormDocument => ({
  basicInfo: { fullName: '', email: '' },
  academics: { classRank: '', gpa: '', subjects: [], majors: [] },
  collegeGoals: { collegeTypes: [], specificColleges: [] },
  activities: { extracurriculars: [], volunteerWork: '' },
  personal: { challenge: '', values: [], background: '' },
  activitiesAndInvolvement: { activities: [] },
  personalInsights: {
    happy: '', roleModel: '', lesson: '', hobby: '', unique: '', writingSample: { title: '', text: '' },
  },
  selectedTopic: null,
  topicSuggestions: {},
  followUpQuestions: [],
  followUpResponses: {},
  generatedEssay: '',
  supplementalEssays: [],
});
