// The bounds of shares and comments as plain numbers, apart from the contract's schemas, so a page that only
// needs a field's limit (the reader's page) loads no schema library.
/** The reader's name as the student wants to see it. */
export const READER_NAME_MAX_CHARS = 60;
/** The essay's title or prompt shown above the shared text (a supplemental prompt may be long). */
export const SHARE_TITLE_MAX_CHARS = 5000;
export const SHARE_MIN_DAYS = 1;
export const SHARE_MAX_DAYS = 30;
export const SHARE_DEFAULT_DAYS = 7;
export const COMMENT_MAX_CHARS = 2000;
export const REPLY_MAX_CHARS = 2000;
/** Comments one share may hold, from its reader; the 201st is refused. */
export const COMMENTS_PER_SHARE = 200;
/** Replies one comment may hold, from the student; the 21st is refused. */
export const REPLIES_PER_COMMENT = 20;
