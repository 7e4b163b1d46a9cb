// The shares' rows: links made and stopped, the sessions of the readers who opened them, the readers' comments
// and the student's replies. Counting rules (live links per student, comments per share, replies per comment)
// are checked inside the transaction that writes, under a lock, so two requests at once never both slip past.
import { type Kysely, sql, type Transaction } from 'kysely';
import {
  COMMENTED_SHARES_PER_PAGE, COMMENTS_PER_SHARE, LIVE_SHARES_PER_STUDENT, REPLIES_PER_COMMENT, SHARES_LISTED,
} from '../../../common/comments/schema.ts';
import type { TextQuoteAnchor } from '../../../common/comments/anchor.ts';
import type { Database } from '../../db/schema.ts';
import './sharesTables.ts';
import type { ShareCommentsTable, SharesTable } from './sharesTables.ts';
import { newId, newSecret, sha256Hex } from './shareToken.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
const DAY_MS = 86_400_000;

export type ShareRow = SharesTable;
export type ShareState = 'live' | 'expired' | 'stopped';

export const shareState = (share: Pick<ShareRow, 'stopped_at' | 'expires_at'>, now: Date): ShareState =>
  share.stopped_at !== null ? 'stopped' : share.expires_at.getTime() <= now.getTime() ? 'expired' : 'live';

/** A student's writes to their shares, one at a time. */
const lockStudentShares = async (trx: Trx, uid: string) => {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`shares:${uid}`}, 0))`.execute(trx);
};

/** Ends a link: its secret's digest and its readers' sessions go at once; the row and its comments stay. */
async function endLink(db: Db | Trx, shareId: string, stoppedAt: Date | null): Promise<void> {
  const set = stoppedAt === null ? { token_hash: null } : { token_hash: null, stopped_at: stoppedAt };
  await db.updateTable('shares').set(set).where('id', '=', shareId).execute();
  await db.deleteFrom('reader_sessions').where('share_id', '=', shareId).execute();
}

export interface NewShare {
  uid: string;
  essayKey: string;
  versionId: string;
  title?: string;
  text: string;
  readerName?: string;
  expiresInDays: number;
}

export class TooManyLiveSharesError extends Error {}

/** Stores a share and answers its id and secret (the only time the secret exists outside the link). */
export async function createShare(db: Db, share: NewShare, now: Date): Promise<{ id: string; secret: string; expiresAt: Date }> {
  const id = newId();
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + share.expiresInDays * DAY_MS);
  await db.transaction().execute(async (trx) => {
    await lockStudentShares(trx, share.uid);
    const { live } = await trx.selectFrom('shares').select((eb) => eb.fn.countAll<string>().as('live'))
      .where('uid', '=', share.uid).where('stopped_at', 'is', null).where('expires_at', '>', now).executeTakeFirstOrThrow();
    if (Number(live) >= LIVE_SHARES_PER_STUDENT) throw new TooManyLiveSharesError();
    await trx.insertInto('shares').values({
      id, uid: share.uid, essay_key: share.essayKey, version_id: share.versionId, title: share.title ?? null, snapshot: share.text,
      reader_name: share.readerName ?? null, token_hash: sha256Hex(secret), created_at: now, expires_at: expiresAt, stopped_at: null,
    }).execute();
  });
  return { id, secret, expiresAt };
}

export interface ShareSummary {
  row: Omit<ShareRow, 'snapshot' | 'token_hash'>;
  comments: number;
}

export async function listShares(db: Db, uid: string): Promise<ShareSummary[]> {
  const rows = await db.selectFrom('shares')
    .select(['id', 'uid', 'essay_key', 'version_id', 'title', 'reader_name', 'created_at', 'expires_at', 'stopped_at'])
    .select((eb) => eb.selectFrom('share_comments').select((count) => count.fn.countAll<string>().as('n'))
      .whereRef('share_comments.share_id', '=', 'shares.id').as('comments'))
    .where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id').limit(SHARES_LISTED).execute();
  return rows.map(({ comments, ...row }) => ({ row, comments: Number(comments ?? 0) }));
}

/** Stops one of the student's links at once; false when the student has no such share. */
export async function stopShare(db: Db, uid: string, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const share = await trx.selectFrom('shares').select(['stopped_at', 'expires_at']).where('id', '=', id).where('uid', '=', uid)
      .forUpdate().executeTakeFirst();
    if (share === undefined) return false;
    if (share.stopped_at === null) await endLink(trx, id, now);
    return true;
  });
}

export const findShare = (db: Db, id: string): Promise<ShareRow | undefined> =>
  db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();

/** A link found expired that still holds its secret's digest (the hourly sweep has not come yet) ends now. */
export async function endIfExpired(db: Db, share: ShareRow, now: Date): Promise<void> {
  if (share.token_hash !== null && shareState(share, now) === 'expired') await endLink(db, share.id, null);
}

/** Ends the links past their expiry, a batch at a time; answers how many it ended. */
export async function endExpiredLinks(db: Db, now: Date, limit: number): Promise<number> {
  const ids = await db.selectFrom('shares').select('id').where('token_hash', 'is not', null).where('expires_at', '<=', now)
    .limit(limit).execute();
  for (const { id } of ids) await endLink(db, id, null);
  return ids.length;
}

/**
 * A reader session for a share still live at `now`: its id and the cookie's value (stored only as its digest);
 * undefined when the link ended meanwhile (the share's row is locked, so a session never outlives a stop).
 */
export async function startReaderSession(db: Db, shareId: string, now: Date): Promise<{ id: string; secret: string } | undefined> {
  const id = newId();
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const share = await trx.selectFrom('shares').select(['token_hash', 'stopped_at', 'expires_at']).where('id', '=', shareId)
      .forUpdate().executeTakeFirst();
    if (share === undefined || share.token_hash === null || shareState(share, now) !== 'live') return undefined;
    await trx.insertInto('reader_sessions').values({ id, share_id: shareId, secret_hash: sha256Hex(secret), created_at: now }).execute();
    return { id, secret };
  });
}

/** The reader session a cookie's value opens on this share, or undefined. */
export async function readerSessionOf(db: Db, shareId: string, secret: string): Promise<string | undefined> {
  const row = await db.selectFrom('reader_sessions').select('id').where('secret_hash', '=', sha256Hex(secret))
    .where('share_id', '=', shareId).executeTakeFirst();
  return row?.id;
}

// ---- Comments ----

export interface CommentView {
  id: string;
  text: string;
  anchor?: TextQuoteAnchor;
  readerName?: string;
  resolved: boolean;
  at: string;
  replies: Array<{ id: string; text: string; at: string }>;
}

type CommentRow = ShareCommentsTable;

function anchorOf(row: CommentRow): TextQuoteAnchor | undefined {
  if (row.quote === null || row.quote_start === null || row.quote_end === null) return undefined;
  return { quote: row.quote, prefix: row.prefix ?? '', suffix: row.suffix ?? '', start: row.quote_start, end: row.quote_end };
}

/** Comments as the contract shows them, with their replies, oldest first. */
export async function withReplies(db: Db | Trx, rows: CommentRow[], readerName: string | null): Promise<CommentView[]> {
  if (rows.length === 0) return [];
  const replies = await db.selectFrom('share_replies').select(['id', 'comment_id', 'text', 'created_at'])
    .where('comment_id', 'in', rows.map((row) => row.id)).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => {
    const anchor = anchorOf(row);
    return {
      id: row.id, text: row.text, ...(anchor ? { anchor } : {}), ...(readerName === null ? {} : { readerName }),
      resolved: row.resolved, at: row.created_at.toISOString(),
      replies: replies.filter((reply) => reply.comment_id === row.id)
        .map((reply) => ({ id: reply.id, text: reply.text, at: reply.created_at.toISOString() })),
    };
  });
}

export type CommentWrite<T> = { ok: T } | { refused: 'too_many' | 'taken' | 'not_found' };

/** A reader's new comment; the same client id sent again answers the comment it made. */
export async function addComment(
  db: Db, share: Pick<ShareRow, 'id' | 'reader_name'>, readerSessionId: string,
  comment: { clientId: string; text: string; anchor?: TextQuoteAnchor }, now: Date,
): Promise<CommentWrite<CommentView>> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('shares').select('id').where('id', '=', share.id).forUpdate().executeTakeFirstOrThrow();
    const existing = await trx.selectFrom('share_comments').selectAll().where('id', '=', comment.clientId).executeTakeFirst();
    if (existing !== undefined) {
      if (existing.share_id !== share.id || existing.reader_session_id !== readerSessionId) return { refused: 'taken' as const };
      return { ok: (await withReplies(trx, [existing], share.reader_name))[0]! };
    }
    const { count } = await trx.selectFrom('share_comments').select((eb) => eb.fn.countAll<string>().as('count'))
      .where('share_id', '=', share.id).executeTakeFirstOrThrow();
    if (Number(count) >= COMMENTS_PER_SHARE) return { refused: 'too_many' as const };
    const { anchor } = comment;
    const row: CommentRow = {
      id: comment.clientId, share_id: share.id, reader_session_id: readerSessionId, text: comment.text,
      quote: anchor?.quote ?? null, prefix: anchor?.prefix ?? null, suffix: anchor?.suffix ?? null,
      quote_start: anchor?.start ?? null, quote_end: anchor?.end ?? null, resolved: false, created_at: now, updated_at: now,
    };
    await trx.insertInto('share_comments').values(row).execute();
    return { ok: (await withReplies(trx, [row], share.reader_name))[0]! };
  });
}

/** A reader's edit of their own comment's words; undefined when it is not theirs (or gone). */
export async function editComment(
  db: Db, share: Pick<ShareRow, 'id' | 'reader_name'>, readerSessionId: string, id: string, text: string, now: Date,
): Promise<CommentView | undefined> {
  const row = await db.updateTable('share_comments').set({ text, updated_at: now }).where('id', '=', id)
    .where('share_id', '=', share.id).where('reader_session_id', '=', readerSessionId).returningAll().executeTakeFirst();
  return row && (await withReplies(db, [row], share.reader_name))[0];
}

/** Deletes a reader's own comment (and the replies to it); deleting one already gone changes nothing. */
export async function deleteComment(db: Db, shareId: string, readerSessionId: string, id: string): Promise<void> {
  await db.deleteFrom('share_comments').where('id', '=', id).where('share_id', '=', shareId)
    .where('reader_session_id', '=', readerSessionId).execute();
}

// ---- The student's side ----

export type CommentedShare = Pick<ShareRow, 'id' | 'version_id' | 'reader_name' | 'snapshot' | 'created_at' | 'expires_at' | 'stopped_at'>;

/**
 * The shares of one essay that hold comments, newest first, after the share `after`: one more than a page holds
 * (COMMENTED_SHARES_PER_PAGE), so the page knows whether others follow. Their comments are read a slice at a
 * time as the page is written (commentsJson.ts), where the page is cut by COMMENTS_PAGE_CHARS.
 */
export async function commentedShares(db: Db, uid: string, essayKey: string, after?: string): Promise<CommentedShare[]> {
  const from = after === undefined ? undefined
    : await db.selectFrom('shares').select(['created_at', 'id']).where('id', '=', after).where('uid', '=', uid).executeTakeFirst();
  return db.selectFrom('shares')
    .select(['id', 'version_id', 'reader_name', 'snapshot', 'created_at', 'expires_at', 'stopped_at'])
    .where('uid', '=', uid).where('essay_key', '=', essayKey)
    .where((eb) => eb.exists(eb.selectFrom('share_comments').select('id').whereRef('share_comments.share_id', '=', 'shares.id')))
    .$if(from !== undefined, (query) => query.where((eb) => eb.or([
      eb('created_at', '<', from!.created_at), eb.and([eb('created_at', '=', from!.created_at), eb('id', '>', from!.id)]),
    ])))
    .orderBy('created_at', 'desc').orderBy('id').limit(COMMENTED_SHARES_PER_PAGE + 1).execute();
}

/** One of the student's comments (on one of their shares), locked for the write that follows. */
const studentComment = (trx: Trx, uid: string, id: string) => trx.selectFrom('share_comments')
  .innerJoin('shares', 'shares.id', 'share_comments.share_id')
  .select(['share_comments.id', 'shares.reader_name']).where('share_comments.id', '=', id).where('shares.uid', '=', uid)
  .forUpdate().executeTakeFirst();

async function studentCommentView(trx: Trx, commentId: string, readerName: string | null): Promise<CommentView> {
  const row = await trx.selectFrom('share_comments').selectAll().where('id', '=', commentId).executeTakeFirstOrThrow();
  return (await withReplies(trx, [row], readerName))[0]!;
}

/** The student's reply to a comment on one of their shares; the same client id sent again stores nothing new. */
export async function addReply(db: Db, uid: string, commentId: string, reply: { clientId: string; text: string }, now: Date): Promise<CommentWrite<CommentView>> {
  return db.transaction().execute(async (trx) => {
    const comment = await studentComment(trx, uid, commentId);
    if (comment === undefined) return { refused: 'not_found' as const };
    const existing = await trx.selectFrom('share_replies').select('comment_id').where('id', '=', reply.clientId).executeTakeFirst();
    if (existing !== undefined && existing.comment_id !== commentId) return { refused: 'taken' as const };
    if (existing === undefined) {
      const { count } = await trx.selectFrom('share_replies').select((eb) => eb.fn.countAll<string>().as('count'))
        .where('comment_id', '=', commentId).executeTakeFirstOrThrow();
      if (Number(count) >= REPLIES_PER_COMMENT) return { refused: 'too_many' as const };
      await trx.insertInto('share_replies').values({ id: reply.clientId, comment_id: commentId, text: reply.text, created_at: now }).execute();
    }
    return { ok: await studentCommentView(trx, commentId, comment.reader_name) };
  });
}

/** Marks a comment on one of the student's shares resolved or open again. */
export async function resolveComment(db: Db, uid: string, commentId: string, resolved: boolean, now: Date): Promise<CommentView | undefined> {
  return db.transaction().execute(async (trx) => {
    const comment = await studentComment(trx, uid, commentId);
    if (comment === undefined) return undefined;
    await trx.updateTable('share_comments').set({ resolved, updated_at: now }).where('id', '=', commentId).execute();
    return studentCommentView(trx, commentId, comment.reader_name);
  });
}
