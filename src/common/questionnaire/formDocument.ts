// The student's form document (`forms/{uid}`, one per anonymous uid): the profile every essay is made from.
// Limits are never tighter than what the UI lets a student enter.
import { z } from 'zod';
import { ACTIVITY_CATEGORIES, HOURS_PER_WEEK, SCHOOL_YEARS } from './questionnaire.ts';
import {
  FOLLOW_UP_QUESTIONS_MAX, TOPIC_DESCRIPTION_MAX_CHARS, TOPIC_TITLE_MAX_CHARS, INSIGHT_CHAR_LIMIT,
  WRITING_SAMPLE_CHAR_LIMIT,
} from '../limits/limits.ts';
import { PROMPT_NUMBERS } from '../essay/prompts.ts';
import { int4 } from '../contract/columnInteger.ts';
import { boundedText, maxCodePoints, maxEntries } from '../contract/textLength.ts';

const shortText = boundedText(300);
const longText = boundedText(5000);
const insightText = boundedText(INSIGHT_CHAR_LIMIT * 2);
const list = (item: z.ZodType<string>, max = 50) => z.array(item).max(max);

export const basicInfoSchema = z.strictObject({
  fullName: shortText,
  email: boundedText(254),
});

export const academicsSchema = z.strictObject({
  classRank: shortText,
  gpa: shortText,
  subjects: list(shortText),
  majors: list(shortText),
});

export const collegeGoalsSchema = z.strictObject({
  collegeTypes: list(shortText),
  specificColleges: list(shortText, 100),
});

/** Legacy sections: kept in the document, unused by the screens. */
export const legacyActivitiesSchema = z.strictObject({
  extracurriculars: list(shortText),
  volunteerWork: longText,
});
export const legacyPersonalSchema = z.strictObject({
  challenge: longText,
  values: list(shortText),
  background: longText,
});

export const activityEntrySchema = z.strictObject({
  category: z.enum(ACTIVITY_CATEGORIES).or(z.literal('')),
  otherCategory: shortText,
  years: z.array(z.enum(SCHOOL_YEARS)).max(SCHOOL_YEARS.length),
  leadership: shortText,
  description: longText,
  hoursPerWeek: z.enum(HOURS_PER_WEEK).or(z.literal('')),
});

export const activitiesAndInvolvementSchema = z.strictObject({
  activities: z.array(activityEntrySchema).max(30),
});

export const personalInsightsSchema = z.strictObject({
  happy: insightText,
  roleModel: insightText,
  lesson: insightText,
  hobby: insightText,
  unique: insightText,
  writingSample: z.strictObject({
    title: shortText,
    text: boundedText(WRITING_SAMPLE_CHAR_LIMIT),
  }),
});

export const topicSuggestionSchema = z.strictObject({
  title: z.string().min(1).check(maxCodePoints(TOPIC_TITLE_MAX_CHARS)),
  description: boundedText(TOPIC_DESCRIPTION_MAX_CHARS),
});

export const topicSuggestionsSchema = z.partialRecord(
  z.enum(PROMPT_NUMBERS),
  z.array(topicSuggestionSchema).max(10),
);

export const selectedTopicSchema = z.strictObject({
  prompt: boundedText(2000),
  idea: boundedText(300),
  description: boundedText(2000),
});

/**
 * The most follow-up answers a document holds: the screens show at most FOLLOW_UP_QUESTIONS_MAX questions
 * and the browser keeps only the answers to the questions shown.
 */
export const followUpResponsesSchema = z.record(boundedText(1000), boundedText(5000))
  .check(maxEntries(FOLLOW_UP_QUESTIONS_MAX, 'answers'));

export const supplementalEssaySchema = z.strictObject({
  prompt: boundedText(5000),
  wordCount: int4(),
  generatedEssay: boundedText(20_000),
});

export const formDocumentSchema = z.strictObject({
  basicInfo: basicInfoSchema,
  academics: academicsSchema,
  collegeGoals: collegeGoalsSchema,
  activities: legacyActivitiesSchema,
  personal: legacyPersonalSchema,
  activitiesAndInvolvement: activitiesAndInvolvementSchema,
  personalInsights: personalInsightsSchema,
  selectedTopic: selectedTopicSchema.nullable(),
  topicSuggestions: topicSuggestionsSchema,
  followUpQuestions: z.array(boundedText(1000)).max(FOLLOW_UP_QUESTIONS_MAX),
  followUpResponses: followUpResponsesSchema,
  generatedEssay: boundedText(20_000),
  supplementalEssays: z.array(supplementalEssaySchema).max(100),
});

export type FormDocument = z.infer<typeof formDocumentSchema>;
export type FormSection = keyof FormDocument;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type TopicSuggestion = z.infer<typeof topicSuggestionSchema>;
export type SelectedTopic = z.infer<typeof selectedTopicSchema>;
