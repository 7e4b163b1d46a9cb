// The college plan's fixed words: the application rounds, a prompt's statuses, where a story came from, each
// with the name the student reads. Apart from the schema, so what only shows them (the calendar file) does not
// load zod with them.

/** The application rounds, in the order a student meets them. */
export const APPLICATION_ROUNDS = [
  'earlyDecision', 'earlyDecision2', 'earlyAction', 'restrictiveEarlyAction', 'regularDecision', 'rolling',
] as const;
export type ApplicationRound = (typeof APPLICATION_ROUNDS)[number];

export const APPLICATION_ROUND_NAMES: Readonly<Record<ApplicationRound, string>> = {
  earlyDecision: 'Early Decision',
  earlyDecision2: 'Early Decision II',
  earlyAction: 'Early Action',
  restrictiveEarlyAction: 'Restrictive Early Action',
  regularDecision: 'Regular Decision',
  rolling: 'Rolling',
};

export const PROMPT_STATUSES = ['notStarted', 'drafting', 'done'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

export const PROMPT_STATUS_NAMES: Readonly<Record<PromptStatus, string>> = {
  notStarted: 'Not started',
  drafting: 'Drafting',
  done: 'Done',
};

/** Where a story in the bank came from: the student's own, or what they already told the app. */
export const STORY_SOURCES = ['own', 'questionnaire', 'followUp', 'personalStatement', 'coach'] as const;
export type StorySource = (typeof STORY_SOURCES)[number];

/** Where a story came from, as the story bank says it. */
export const STORY_SOURCE_NAMES: Readonly<Record<StorySource, string>> = {
  own: 'Your own',
  questionnaire: 'From your questionnaire',
  followUp: 'From your follow-up answers',
  personalStatement: 'Your personal statement’s topic',
  coach: 'From your drafts with the coach',
};
