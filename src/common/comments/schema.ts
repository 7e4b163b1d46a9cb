// The contract of shares and comments: a student shares one version of an essay for comments, a reader comments on
// its words (or in general), the student replies and resolves. Bounds here are the ones the server enforces; the
// per-share and per-comment counts are rules over stored rows, named here so the server and its tests use one number.
import { z } from 'zod';
import { ESSAY_VERSION_MAX_CHARS } from '../limits/limits.ts';
import { boundedText, oneLineText } from '../contract/textLength.ts';
import { essayKeySchema, essayVersionIdSchema } from '../contract/essayVersionsContract.ts';
import { CONTEXT_CHARS, QUOTE_MAX_CHARS } from './anchor.ts';
import {
  READER_NAME_MAX_CHARS, SHARE_TITLE_MAX_CHARS, SHARE_MIN_DAYS, SHARE_MAX_DAYS, SHARE_DEFAULT_DAYS, COMMENT_MAX_CHARS, REPLY_MAX_CHARS, COMMENTS_PER_SHARE, REPLIES_PER_COMMENT,
} from './bounds.ts';

export * from './bounds.ts';

const words = (max: number) => boundedText(max).refine((text) => text.trim() !== '', 'must not be empty');

/**
 * The id the device makes for what it writes, sent again when it retries: a write seen twice is stored once and
 * answered the same.
 */
export const clientIdSchema = z.uuid({ error: 'must be a UUID' });

export const shareRequestSchema = z.strictObject({
  essayKey: essayKeySchema,
  versionId: essayVersionIdSchema,
  /** The version's text, kept as the share's own snapshot: what the reader sees and the comments point into. */
  text: words(ESSAY_VERSION_MAX_CHARS),
  /** The essay's title or prompt, shown to the reader above the text. */
  title: words(SHARE_TITLE_MAX_CHARS).optional(),
  readerName: oneLineText(READER_NAME_MAX_CHARS).optional(),
  expiresInDays: z.number().int().min(SHARE_MIN_DAYS).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
});

/**
 * A comment's place: the W3C text-quote selector (the quote and the context either side of it) and the quote's
 * offsets in the snapshot. The schema bounds its parts; that it is the snapshot's own text at those offsets is
 * checked against the snapshot (anchor.ts, anchorProblem).
 */
export const anchorSchema = z.strictObject({
  quote: boundedText(QUOTE_MAX_CHARS).min(1, 'is required'),
  prefix: boundedText(CONTEXT_CHARS),
  suffix: boundedText(CONTEXT_CHARS),
  // UTF-16 offsets: a snapshot of 20,000 code points is at most twice as many units.
  start: z.number().int().min(0).max(2 * ESSAY_VERSION_MAX_CHARS),
  end: z.number().int().min(1).max(2 * ESSAY_VERSION_MAX_CHARS),
}).refine((anchor) => anchor.end - anchor.start === anchor.quote.length, { error: 'must span the quote', path: ['end'] });

/** A reader's new comment: anchored to words, or general when it has no anchor. */
export const newCommentSchema = z.strictObject({
  clientId: clientIdSchema,
  text: words(COMMENT_MAX_CHARS),
  anchor: anchorSchema.optional(),
});
/** A reader's edit of their own comment: its words only; the place stays where it was made. */
export const commentEditSchema = z.strictObject({ text: words(COMMENT_MAX_CHARS) });
export const newReplySchema = z.strictObject({ clientId: clientIdSchema, text: words(REPLY_MAX_CHARS) });
export const resolveSchema = z.strictObject({ resolved: z.boolean() });

const replySchema = z.strictObject({ id: clientIdSchema, text: words(REPLY_MAX_CHARS), at: z.iso.datetime() });
export const commentSchema = z.strictObject({
  id: clientIdSchema,
  text: words(COMMENT_MAX_CHARS),
  anchor: anchorSchema.optional(),
  readerName: oneLineText(READER_NAME_MAX_CHARS).optional(),
  resolved: z.boolean(),
  at: z.iso.datetime(),
  replies: z.array(replySchema).max(REPLIES_PER_COMMENT),
});
/** A share's comments, as the reader and the student read them. */
export const commentListSchema = z.array(commentSchema).max(COMMENTS_PER_SHARE);

// ---- Shares and the reader's page: the answers ----

/** Live links one student may hold at once; the 21st is refused until one is stopped or expires. */
export const LIVE_SHARES_PER_STUDENT = 20;
/** Links GET /api/shares lists, newest first (ended ones stay listed with their comments' count). */
export const SHARES_LISTED = 100;
/** Shares of one essay whose comments one answer of GET /api/comments holds at most, newest first. */
export const COMMENTED_SHARES_PER_PAGE = 20;
/**
 * Characters (snapshots, comments and replies) after which an answer of GET /api/comments holds no further share:
 * the next page starts there. One share alone may hold more (200 comments each with 20 replies).
 */
export const COMMENTS_PAGE_CHARS = 500_000;

/** A share's public id (never enough to open it): 128 random bits as 22 base64url characters. */
export const shareIdSchema = boundedText(22).regex(/^[A-Za-z0-9_-]{22}$/, 'must be a share id');
const isoTime = z.iso.datetime();
/** A link lives until it expires or the student stops it; then it opens nothing, and its comments stay. */
export const shareStateSchema = z.enum(['live', 'expired', 'stopped']);

export const shareCreatedSchema = z.strictObject({ id: shareIdSchema, url: z.string(), expiresAt: isoTime });
export const shareSummarySchema = z.strictObject({
  id: shareIdSchema,
  essayKey: essayKeySchema,
  versionId: essayVersionIdSchema,
  title: z.string().optional(),
  readerName: z.string().optional(),
  createdAt: isoTime,
  expiresAt: isoTime,
  state: shareStateSchema,
  comments: z.number().int().min(0),
});
export const shareListSchema = z.strictObject({ shares: z.array(shareSummarySchema).max(SHARES_LISTED) });
export const shareParamsSchema = z.strictObject({ id: shareIdSchema });
export const shareStoppedSchema = z.strictObject({ stopped: z.literal(true) });

/** The reader's page sends the link's token, read from the URL's fragment; its shape is judged by the server. */
export const readerSessionRequestSchema = z.strictObject({ token: z.string().max(200) });
/** What a reader sees: the shared text and its title, and their own comments with the student's replies. */
export const readerShareSchema = z.strictObject({
  shareId: shareIdSchema,
  title: z.string().optional(),
  text: z.string(),
  expiresAt: isoTime,
  comments: commentListSchema,
});
export const readerShareParamsSchema = z.strictObject({ shareId: shareIdSchema });
export const readerCommentParamsSchema = z.strictObject({ shareId: shareIdSchema, id: clientIdSchema });

/** The student's view of one essay's comments: each share's snapshot, so the page can place them on newer versions. */
export const essayCommentsQuerySchema = z.strictObject({
  essayKey: essayKeySchema,
  /** The last share of the page before: this page holds the shares made before it. */
  after: shareIdSchema.optional(),
});
export const essayCommentsSchema = z.strictObject({
  shares: z.array(z.strictObject({
    id: shareIdSchema,
    versionId: essayVersionIdSchema,
    readerName: z.string().optional(),
    snapshot: z.string(),
    createdAt: isoTime,
    expiresAt: isoTime,
    state: shareStateSchema,
    comments: commentListSchema,
  })).max(COMMENTED_SHARES_PER_PAGE),
  /** More shares with comments follow: ask again with `after` set to the last share's id. */
  more: z.boolean(),
});
export const commentParamsSchema = z.strictObject({ id: clientIdSchema });
