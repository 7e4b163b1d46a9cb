// A share's comments read a slice at a time, each slice on a turn of the event loop of its own: a share may hold
// COMMENTS_PER_SHARE comments of REPLIES_PER_COMMENT replies each (8.4 million characters), more than the loop
// may hold in one go (no response holds it over 50 ms at a time, 20 ms the goal). Only the sizes are read first
// (octet_length reads a stored text's size from its header); the comments and their replies are then read, and
// written out, at most COMMENT_SLICE_BYTES at a time, a comment alone when it is larger, as the pages of versions
// are cut (versionsWithin).
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { CONTEXT_CHARS, QUOTE_MAX_CHARS } from '../../../common/comments/anchor.ts';
import { COMMENT_MAX_CHARS, REPLIES_PER_COMMENT, REPLY_MAX_CHARS } from '../../../common/comments/schema.ts';
import { versionsWithin } from '../../../common/essay/versionPruning.ts';
import type { Database } from '../../db/schema.ts';
import { LOOP_SLICE_BYTES } from '../../limits/budgets.ts';
import { type CommentView, type ShareRow, withReplies } from './repository.ts';

/** The most bytes of comments and replies one slice reads and writes out (a comment larger than it goes alone). */
export const COMMENT_SLICE_BYTES = LOOP_SLICE_BYTES;
/** What a comment weighs beyond its texts (its ids, times, marks and reader's name, the JSON around them). */
export const COMMENT_OVERHEAD_BYTES = 512;
/** What a reply weighs beyond its text. */
export const REPLY_OVERHEAD_BYTES = 128;
/** The most bytes one character takes in UTF-8. */
const CHAR_BYTES = 4;
/** The heaviest comment a share can hold: every text at its longest in four-byte characters, every reply it may have. */
export const LARGEST_COMMENT_BYTES = CHAR_BYTES * (COMMENT_MAX_CHARS + QUOTE_MAX_CHARS + 2 * CONTEXT_CHARS) + COMMENT_OVERHEAD_BYTES
  + REPLIES_PER_COMMENT * (CHAR_BYTES * REPLY_MAX_CHARS + REPLY_OVERHEAD_BYTES);

/** How many comments each slice takes, in order, for comments weighing `weights`: within `bytes`, one at least. */
export function sliceLengths(weights: readonly number[], bytes = COMMENT_SLICE_BYTES): number[] {
  const lengths: number[] = [];
  for (let from = 0; from < weights.length;) {
    const length = versionsWithin(weights.slice(from), bytes);
    lengths.push(length);
    from += length;
  }
  return lengths;
}

const weight = sql<string>`octet_length(c.text) + coalesce(octet_length(c.quote) + octet_length(c.prefix) + octet_length(c.suffix), 0)
  + ${COMMENT_OVERHEAD_BYTES} + (select coalesce(sum(octet_length(r.text) + ${REPLY_OVERHEAD_BYTES}), 0) from share_replies r where r.comment_id = c.id)`;

/**
 * The comments on a share (only those of one reader session when it is given), oldest first, with their replies,
 * a slice at a time; the loop turns before each slice is read.
 */
export async function* commentSlices(
  db: Kysely<Database>, share: Pick<ShareRow, 'id' | 'reader_name'>, readerSessionId?: string,
): AsyncGenerator<CommentView[]> {
  const weighed = await db.selectFrom('share_comments as c').select(['c.id', weight.as('bytes')])
    .where('c.share_id', '=', share.id)
    .$if(readerSessionId !== undefined, (query) => query.where('c.reader_session_id', '=', readerSessionId!))
    .orderBy('c.created_at').orderBy('c.id').execute();
  let from = 0;
  for (const length of sliceLengths(weighed.map((row) => Number(row.bytes)))) {
    const ids = weighed.slice(from, from + length).map((row) => row.id);
    from += length;
    await yieldToLoop();
    const rows = await db.selectFrom('share_comments').selectAll().where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
    yield await withReplies(db, rows, share.reader_name);
  }
}
