// The kinds of supplemental prompt colleges ask, as advisers group them: prompts of one type across the college
// list can share one core draft, adapted to each college.

export const PROMPT_TYPES = [
  'whyUs', 'whyMajor', 'community', 'identity', 'activity', 'challenge', 'curiosity', 'shortAnswer', 'other',
] as const;

export type PromptType = (typeof PROMPT_TYPES)[number];

/** Each type as the student reads it. */
export const PROMPT_TYPE_NAMES: Readonly<Record<PromptType, string>> = {
  whyUs: 'Why us',
  whyMajor: 'Why this major',
  community: 'Community',
  identity: 'Identity and background',
  activity: 'Activity',
  challenge: 'Challenge',
  curiosity: 'Intellectual curiosity',
  shortAnswer: 'Short answer',
  other: 'Other',
};
