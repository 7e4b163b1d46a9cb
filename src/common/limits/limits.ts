// How much a student may write and the server keeps, shared by the browser (its counters and checks) and the
// server (its contract): one number each, so a text the page accepts is never refused by the server.

// ---- The essay and the questionnaire ----
export const ESSAY_WORD_LIMIT = 650;
/** The Common App's minimum for a personal statement. */
export const PERSONAL_STATEMENT_MIN_WORDS = 250;
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
export const ANALYTICS_ERROR_MESSAGE_MAX = 100;

// ---- Topics ----
/** A topic's title and description, as suggested or as the student writes them for the seventh prompt. */
export const TOPIC_TITLE_MAX_CHARS = 300;
export const TOPIC_DESCRIPTION_MAX_CHARS = 2000;

// ---- Essay versions ----
/** Versions kept per essay, on the device and on the server; the oldest go first. */
export const ESSAY_VERSIONS_PER_ESSAY = 50;
/** The longest essay text a version holds: the form document's bound on an essay. */
export const ESSAY_VERSION_MAX_CHARS = 20_000;
/**
 * Versions one request may carry at most (a device sends its unsent ones in batches): the bytes below decide
 * for long texts, this count for short ones.
 */
export const ESSAY_VERSIONS_PER_REQUEST = 5;
/**
 * What one request of versions may weigh (versionSize: text, coach data and overhead; a single version may be
 * larger, up to its own limit, and goes alone). The server's loop holds a batch for the time its body is read,
 * checked and written to PGlite, in proportion to its bytes: src/server/limits/README.md gives the figures.
 */
export const ESSAY_VERSIONS_REQUEST_BYTES = 256 * 1024;
/**
 * Versions one read answers at most; the client asks again from the last revision it got while `more` is true.
 * The bytes below decide for essays of more than about 5 KB.
 */
export const ESSAY_VERSIONS_PER_PAGE = 50;
/**
 * What one read of versions, and one slice of "Download my data", holds (versionSize; at least one version,
 * whatever its size): a page of the largest versions costs the loop what one of small ones does
 * (src/server/limits/README.md gives the figures).
 */
export const ESSAY_VERSIONS_PAGE_BYTES = 256 * 1024;
/**
 * Essays one browser may keep versions of: the personal statement, up to 100 supplemental essays, and each
 * prompt of a full college list (40 colleges of 10) twice, its own drafts and the coach's. Below the 1,000
 * versions a browser keeps, so every essay's newest version survives pruning.
 */
export const ESSAY_VERSION_KEYS_MAX = 1 + 100 + 2 * 40 * 10;
