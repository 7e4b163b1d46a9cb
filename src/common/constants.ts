// Business constants (prices, codes, limits, timings, enumerations), shared by the browser and the server.
// The landing page is pre-rendered from these, and the server computes every amount charged from them.

// ---- Money (cents) ----
export const BASE_PRICE_CENTS = 4900;
export const LAUNCH_DISCOUNT_CENTS = 2000;
export const LAUNCH_PRICE_CENTS = BASE_PRICE_CENTS - LAUNCH_DISCOUNT_CENTS;
/** Shown as "41% off": 2000 / 4900 rounded. */
export const LAUNCH_DISCOUNT_PERCENT = Math.round((LAUNCH_DISCOUNT_CENTS / BASE_PRICE_CENTS) * 100);
export const CURRENCY = 'USD';
export const CREDIT_STEP_CENTS = 100;
export const CREDIT_CAP_CENTS = BASE_PRICE_CENTS;
export const DEFAULT_REFERRAL_REWARD_CENTS = 500;
/** Stripe refuses charges under 50 cents; such a final price is granted without a card. */
export const STRIPE_MIN_CHARGE_CENTS = 50;
export const CHECKOUT_SESSION_TTL_MINUTES = 30;

export const dollars = (cents: number): number => cents / 100;
export const formatDollars = (cents: number): string =>
  `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

// ---- Codes ----
export const DISCOUNT_CODE_PREFIX = 'LAUNCH2024-';
export const DISCOUNT_CODE_PATTERN = /^LAUNCH2024-[A-Z0-9]{6}$/;
export const REFERRAL_CODE_PREFIX = 'REFER-';
export const REFERRAL_CODE_PATTERN = /^REFER-[A-Z0-9]{6}$/;
export const DISCOUNT_CODE_VALIDITY_DAYS = 30;

// ---- Essay and questionnaire limits ----
export const ESSAY_WORD_LIMIT = 650;
export const INSIGHT_CHAR_LIMIT = 500;
export const WRITING_SAMPLE_CHAR_LIMIT = 2000;
export const MIN_FOLLOWUP_ANSWERS = 3;
/** The most follow-up questions a document holds (the flow shows seven at most), and so the most answers. */
export const FOLLOW_UP_QUESTIONS_MAX = 20;
export const SUPPLEMENTAL_MIN_WORDS = 50;
export const SUPPLEMENTAL_MAX_WORDS = 1000;
/** The largest form document the server stores; comfortably above the biggest profile the UI allows. */
export const FORM_DOCUMENT_MAX_BYTES = 256 * 1024;
export const FEEDBACK_MESSAGE_MAX_CHARS = 5000;
/** Versions kept per essay, on the device and on the server; the oldest go first. */
export const ESSAY_VERSIONS_PER_ESSAY = 50;
/** The longest essay text a version holds: the form document's bound on an essay. */
export const ESSAY_VERSION_MAX_CHARS = 20_000;
/** Versions one request may carry (a device sends its unsent ones in batches of this many): at the largest, a request stays well under a PGlite write of 50 ms. */
export const ESSAY_VERSIONS_PER_REQUEST = 5;
/** Versions one read answers (at most about 1.6 MB of text); the client asks again from the last revision it got while `more` is true. */
export const ESSAY_VERSIONS_PER_PAGE = 20;
/** Essays one browser may keep versions of: the personal statement and up to 100 supplemental essays. */
export const ESSAY_VERSION_KEYS_MAX = 101;

// ---- Timings (ms) ----
export const TOPIC_PROGRESS_TICK_MS = 500;
export const TOPIC_PROGRESS_STEP = 10;
export const TOPIC_PROGRESS_CAP = 90;
export const RATE_LIMIT_RETRY_DELAY_MS = 5000;
export const RATE_LIMIT_MAX_RETRIES = 3;
export const POPUP_DELAY_MS = 30_000;
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;
export const FEEDBACK_THANKS_CLOSE_MS = 3000;
export const FEEDBACK_RESET_DELAY_MS = 500;
export const ANALYTICS_ERROR_MESSAGE_MAX = 100;
/**
 * Events the server records itself, from the payment it saw (verify-session, the webhook, the local checkout):
 * the first-party store refuses them from browsers, so a forged batch cannot add revenue or conversions.
 * Browsers still hand `purchase` to Google Tag Manager, where GA4 expects it.
 */
export const SERVER_RECORDED_EVENT_NAMES: ReadonlySet<string> = new Set(['purchase', 'referral_converted']);

// ---- Storage keys ----
export const LANDING_POPUP_SHOWN_KEY = 'landing_page_discount_shown';
export const WIZARD_STEP_KEY = 'essay_studio_form_step';

// ---- Enumerations ----
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

export const ACTIVITY_CATEGORY_LABELS: Record<ActivityCategory, string> = {
  sports: 'Sports',
  performing_arts: 'Performing Arts',
  academic_clubs: 'Academic Clubs',
  honor_societies: 'Honor Societies',
  community_service: 'Community Service',
  student_government: 'Student Government',
  work_experience: 'Work Experience',
  religious: 'Religious',
  other: 'Other',
};

export const SCHOOL_YEARS = ['9th', '10th', '11th', '12th'] as const;

export const HOURS_PER_WEEK = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+'] as const;

export const INSIGHT_KEYS = ['happy', 'roleModel', 'lesson', 'hobby', 'unique'] as const;
export type InsightKey = (typeof INSIGHT_KEYS)[number];

export const INSIGHT_QUESTIONS: Record<InsightKey, string> = {
  happy: 'Tell us about something that made you really happy.',
  roleModel: 'Who is someone you look up to, and why?',
  lesson: 'Describe a time you messed up and what you learned from it.',
  hobby: 'What do you love doing outside of school?',
  unique: 'What is something you wish people knew about you?',
};

export const FORM_STEPS = [
  'Basic Information', 'Academic Information', 'College Goals', 'Activities & Involvement', 'Personal Insights',
] as const;

export const FEEDBACK_TYPES = ['bug', 'feature', 'praise', 'general'] as const;
export const FEEDBACK_RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

// ---- The six Common App prompts with generated topic suggestions, in the Common App's current wording ----
export const PROMPT_NUMBERS = ['1', '2', '3', '4', '5', '6'] as const;
export type PromptNumber = (typeof PROMPT_NUMBERS)[number];

export const COMMON_APP_PROMPTS: Record<PromptNumber, string> = {
  '1': 'Some students have a background, identity, interest, or talent that is so meaningful they believe their application would be incomplete without it. If this sounds like you, then please share your story.',
  '2': 'The lessons we take from obstacles we encounter can be fundamental to later success. Recount a time when you faced a challenge, setback, or failure. How did it affect you, and what did you learn from the experience?',
  '3': 'Reflect on a time when you questioned or challenged a belief or idea. What prompted your thinking? What was the outcome?',
  '4': 'Reflect on something that someone has done for you that has made you happy or thankful in a surprising way. How has this gratitude affected or motivated you?',
  '5': 'Discuss an accomplishment, event, or realization that sparked a period of personal growth and a new understanding of yourself or others.',
  '6': 'Describe a topic, idea, or concept you find so engaging that it makes you lose all track of time. Why does it captivate you? What or who do you turn to when you want to learn more?',
};

// ---- The seventh prompt: a topic of the student's own ----
// The product was specified with the six prompts above; the Common App now has a seventh, offered after them.
// Its topic is the student's own (a title and an optional description), so no suggestions are generated for it.
export const OWN_TOPIC_PROMPT_NUMBER = '7';
export const OWN_TOPIC_PROMPT = "Share an essay on any topic of your choice. It can be one you've already written, one that responds to a different prompt, or one of your own design.";
/** Every prompt the student may choose: the six with suggestions, then the seventh. */
export const ALL_PROMPT_NUMBERS = [...PROMPT_NUMBERS, OWN_TOPIC_PROMPT_NUMBER] as const;
export type AnyPromptNumber = (typeof ALL_PROMPT_NUMBERS)[number];
export const ALL_PROMPTS: Record<AnyPromptNumber, string> = { ...COMMON_APP_PROMPTS, [OWN_TOPIC_PROMPT_NUMBER]: OWN_TOPIC_PROMPT };

// ---- The seven default follow-up questions one per theme ----
export const DEFAULT_FOLLOWUP_QUESTIONS = [
  'What moment connected to this topic inspired you the most, and why?',
  'How did this experience change your perspective or the way you see the world?',
  'What concrete details do you remember most vividly: the place, the people, what was said?',
  'How does this experience connect to your goals for college and beyond?',
  'What did you learn about yourself that nobody taught you directly?',
  'Which of your values or beliefs does this experience show, and how?',
  'What challenge did you face along the way, and how did you overcome it?',
] as const;

// ---- Topics ----
/** A topic's title and description, as suggested or as the student writes them for the seventh prompt. */
export const TOPIC_TITLE_MAX_CHARS = 300;
export const TOPIC_DESCRIPTION_MAX_CHARS = 2000;
