// A share at the size its budgets allow, written straight into a database (the CPU bench's server runs it on its
// `seed` message, serverProcess.ts; the slices' suite calls it): the replies a share may hold (REPLIES_PER_COMMENT on
// each of its COMMENTS_PER_SHARE comments) take a student ten days of their daily storage through the routes, so
// they are written here, with the share and the reader's session made by the repository the routes use.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONTEXT_CHARS, QUOTE_MAX_CHARS } from '../../../../src/common/comments/anchor.ts';
import { COMMENT_MAX_CHARS, REPLY_MAX_CHARS } from '../../../../src/common/comments/schema.ts';
import { ESSAY_VERSION_MAX_CHARS } from '../../../../src/common/limits/limits.ts';
import type { Database } from '../../../../src/server/db/schema.ts';
import { createShare, startReaderSession } from '../../../../src/server/stages/shares/repository.ts';

export interface ShareShape {
  /** The student whose share it is. */
  uid: string;
  comments: number;
  repliesEach: number;
  /** Shares in all (the first holds the comments); those past the first are stopped, as a student's old links are. */
  shares?: number;
}

export interface SeededShare {
  shareId: string;
  /** The Cookie header of the reader session that wrote every comment. */
  readerCookie: string;
  commentIds: string[];
}

/** Two-byte letters in UTF-8: the most characters a share holds, at twice their count in bytes. */
const LETTER = 'é';
const ROWS_PER_INSERT = 250;

export default async function seedShare(db: Kysely<Database>, { uid, comments, repliesEach, shares = 1 }: ShareShape): Promise<SeededShare> {
  const now = new Date();
  const snapshot = LETTER.repeat(ESSAY_VERSION_MAX_CHARS);
  const { id: shareId } = await createShare(db, {
    uid, essayKey: 'personal', versionId: `bench-${randomUUID()}`, text: snapshot, readerName: LETTER.repeat(60), expiresInDays: 30,
  }, now);
  const stopped = Array.from({ length: shares - 1 }, (_, n) => ({
    id: randomBytes(16).toString('base64url'), uid, essay_key: 'personal', version_id: `bench-version-${n}`, title: null, snapshot, reader_name: null,
    token_hash: null, created_at: new Date(now.getTime() - 1000 * (n + 1)), expires_at: new Date(now.getTime() + 86_400_000), stopped_at: now,
  }));
  for (let n = 0; n < stopped.length; n += 20) await db.insertInto('shares').values(stopped.slice(n, n + 20)).execute();
  const session = await startReaderSession(db, shareId, now);
  if (session === undefined) throw new Error('the seeded share did not open');
  const at = (n: number) => new Date(now.getTime() + n);
  const commentIds = Array.from({ length: comments }, () => randomUUID());
  const commentRows = commentIds.map((id, n) => ({
    id, share_id: shareId, reader_session_id: session.id, text: LETTER.repeat(COMMENT_MAX_CHARS),
    quote: snapshot.slice(0, QUOTE_MAX_CHARS), prefix: '', suffix: snapshot.slice(QUOTE_MAX_CHARS, QUOTE_MAX_CHARS + CONTEXT_CHARS),
    quote_start: 0, quote_end: QUOTE_MAX_CHARS, resolved: false, created_at: at(n), updated_at: at(n),
  }));
  for (let n = 0; n < commentRows.length; n += ROWS_PER_INSERT) await db.insertInto('share_comments').values(commentRows.slice(n, n + ROWS_PER_INSERT)).execute();
  const replyRows = commentIds.flatMap((commentId, c) => Array.from({ length: repliesEach }, (_, r) => ({
    id: randomUUID(), comment_id: commentId, text: LETTER.repeat(REPLY_MAX_CHARS), created_at: at(c * repliesEach + r),
  })));
  for (let n = 0; n < replyRows.length; n += ROWS_PER_INSERT) await db.insertInto('share_replies').values(replyRows.slice(n, n + ROWS_PER_INSERT)).execute();
  return { shareId, readerCookie: `rs_${shareId}=${session.secret}`, commentIds };
}
