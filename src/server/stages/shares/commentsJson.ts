// The answers that hold a share's comments (the student's GET /api/comments, the reader's GET /api/read/:shareId),
// written a slice at a time (commentSlices.ts) as a stream: the same JSON, byte for byte, that the route's
// response schema would have serialised in one go. Each part is encoded by its schema (which checks it as the
// serialiser did) and placed where the schema puts it: the comments are the last member of a share, `more` the
// last of the student's page.
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { COMMENTED_SHARES_PER_PAGE, COMMENTS_PAGE_CHARS, commentSchema, essayCommentsSchema, readerShareSchema } from '../../../common/comments/schema.ts';
import type { Database } from '../../db/schema.ts';
import { COMMENT_SLICE_BYTES, commentSlices } from './commentSlices.ts';
import { type CommentView, type CommentedShare, type ShareRow, shareState } from './repository.ts';

/** `{…,"comments":[]}` left open before its last member's closing bracket, for the comments to follow. */
function openBeforeComments(json: string): string {
  if (!json.endsWith('"comments":[]}')) throw new Error('the comments must be the last member of their object');
  return json.slice(0, -2);
}

const charsOf = (comments: CommentView[]): number =>
  comments.reduce((sum, comment) => sum + comment.text.length + comment.replies.reduce((replies, reply) => replies + reply.text.length, 0), 0);

/** A share's comments, a slice at a time, separated by commas; `counted` is told each slice's characters. */
async function* commentsOf(
  db: Kysely<Database>, share: Pick<ShareRow, 'id' | 'reader_name'>, readerSessionId?: string, counted?: (chars: number) => void,
): AsyncGenerator<string> {
  let first = true;
  for await (const slice of commentSlices(db, share, readerSessionId)) {
    if (slice.length === 0) continue;
    counted?.(charsOf(slice));
    yield `${first ? '' : ','}${slice.map((comment) => JSON.stringify(commentSchema.encode(comment))).join(',')}`;
    first = false;
  }
}

/** The reader's view of a share: its text and the reader's own comments with the student's replies. */
export async function* readerShareJson(db: Kysely<Database>, share: ShareRow, readerSessionId: string): AsyncGenerator<string> {
  yield openBeforeComments(JSON.stringify(readerShareSchema.encode({
    shareId: share.id, ...(share.title === null ? {} : { title: share.title }), text: share.snapshot,
    expiresAt: share.expires_at.toISOString(), comments: [],
  })));
  yield* commentsOf(db, share, readerSessionId);
  yield ']}';
}

const shareOfPage = essayCommentsSchema.shape.shares.element;

/**
 * A page of the student's shares of one essay that hold comments (`shares`, newest first, as
 * `commentedShares` reads them), each with its snapshot and every comment: shares are added until
 * COMMENTS_PAGE_CHARS are reached (one at least), and `more` says whether others follow.
 */
export async function* essayCommentsJson(db: Kysely<Database>, shares: CommentedShare[], now: Date): AsyncGenerator<string> {
  yield '{"shares":[';
  let chars = 0;
  let count = 0;
  let more = false;
  for (const share of shares) {
    if (count === COMMENTED_SHARES_PER_PAGE || (count > 0 && chars >= COMMENTS_PAGE_CHARS)) {
      more = true;
      break;
    }
    await yieldToLoop();
    yield `${count === 0 ? '' : ','}${openBeforeComments(JSON.stringify(shareOfPage.encode({
      id: share.id, versionId: share.version_id, ...(share.reader_name === null ? {} : { readerName: share.reader_name }),
      snapshot: share.snapshot, createdAt: share.created_at.toISOString(), expiresAt: share.expires_at.toISOString(),
      state: shareState(share, now), comments: [],
    })))}`;
    chars += share.snapshot.length;
    yield* commentsOf(db, share, undefined, (sliceChars) => { chars += sliceChars; });
    yield ']}';
    count += 1;
  }
  yield `],"more":${more}}`;
}

/** Sends `parts` as the JSON answer, buffering at most a slice ahead of the client. */
export const sendJson = (reply: FastifyReply, parts: AsyncGenerator<string>): FastifyReply => reply
  .header('content-type', 'application/json; charset=utf-8')
  .send(Readable.from(parts, { objectMode: false, highWaterMark: COMMENT_SLICE_BYTES }));
