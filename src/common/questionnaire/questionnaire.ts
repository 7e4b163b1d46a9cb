// The questionnaire's steps and the choices its lists offer, shared by the wizard (its fields), the form
// document's schema (what the server accepts) and the server's prompts to the model (how answers read).

export const FORM_STEPS = [
  'Basic Information', 'Academic Information', 'College Goals', 'Activities & Involvement', 'Personal Insights',
] as const;

export const CLASS_RANKS = [
  'Top 1%', 'Top 5%', 'Top 10%', 'Top 25%', 'Top 50%', 'Top 75%', 'Bottom of the class', 'Unranked',
] as const;

export const SUBJECTS = [
  'Mathematics', 'Science', 'English', 'History', 'Computer Science', 'Arts', 'Languages',
] as const;

export const MAJOR_CATEGORIES = ['STEM', 'Business', 'Liberal Arts', 'Humanities', 'Performing Arts'] as const;

export const COLLEGE_TYPES = [
  'Liberal Arts College', 'Research University', 'Technical Institute', 'Public University',
  'Private University', 'Ivy League', 'State College',
] as const;

export const ACTIVITY_CATEGORIES = [
  'sports', 'performing_arts', 'academic_clubs', 'honor_societies', 'community_service',
  'student_government', 'work_experience', 'religious', 'other',
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** Each category's label is its name in title case: "performing_arts" reads "Performing Arts". */
export const ACTIVITY_CATEGORY_LABELS = Object.fromEntries(ACTIVITY_CATEGORIES.map((category) => [
  category, category.split('_').map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' '),
])) as Record<ActivityCategory, string>;

export const SCHOOL_YEARS = ['9th', '10th', '11th', '12th'] as const;

export const HOURS_PER_WEEK = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+'] as const;

export const INSIGHT_QUESTIONS = {
  happy: 'Tell us about something that made you really happy.',
  roleModel: 'Who is someone you look up to, and why?',
  lesson: 'Describe a time you messed up and what you learned from it.',
  hobby: 'What do you love doing outside of school?',
  unique: 'What is something you wish people knew about you?',
} as const;
export type InsightKey = keyof typeof INSIGHT_QUESTIONS;
/** In the order the form asks them. */
export const INSIGHT_KEYS = Object.keys(INSIGHT_QUESTIONS) as InsightKey[];
