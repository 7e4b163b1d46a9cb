// The coach's bounds and the version of its rules. A review stored with a revision keeps the version that made
// it, so comments from older rules can be told apart once the rules change.

/** Bumped whenever a rule, a word list or a threshold changes what a review says. */
export const COACH_RULES_VERSION = 3;

/** The longest draft the coach reads, in code points (the API refuses longer ones). */
export const COACH_MAX_CHARS = 20_000;
/** The most paragraphs the coach reviews (the API refuses drafts with more). */
export const COACH_MAX_PARAGRAPHS = 100;
/** The most comments on one paragraph: more than three and a student stops reading them. */
export const COACH_MAX_COMMENTS_PER_PARAGRAPH = 3;

/**
 * The most questions a language model may add to one review, and a revision keeps with it: enough for a
 * question on most paragraphs of a statement, and a bound on what a stored revision may carry.
 */
export const COACH_MODEL_COMMENTS_MAX = 12;

/** A comment's quote and question are at most this long, in characters. */
export const COACH_QUOTE_MAX = 300;
export const COACH_QUESTION_MAX = 300;

/** The longest prompt the coach reads. */
export const COACH_PROMPT_MAX = 2000;

/**
 * The word limits the coach measures a draft against: the college planner's range, since colleges ask for
 * short answers of 25 words too. A limit of null means "no length check" (a prompt with no limit).
 */
export const COACH_MIN_WORD_LIMIT = 25;
export const COACH_MAX_WORD_LIMIT = 1000;
