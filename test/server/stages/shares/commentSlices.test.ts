// The slices the comments' answers are written in (commentSlices.ts), on PGlite and PostgreSQL: each slice's
// comments, as the answer writes them, within COMMENT_SLICE_BYTES (a comment larger than it goes alone), and the
// streamed answers the very JSON their schemas would serialise in one go. How long a slice takes is the CPU
// bench's (test/bench/routeCpu.ts); this holds the structure that keeps it short.
import { describe, expect, it } from 'vitest';
import { commentSchema, essayCommentsSchema, readerShareSchema, REPLIES_PER_COMMENT } from '../../../../src/common/comments/schema.ts';
import { COMMENT_SLICE_BYTES, commentSlices, sliceLengths } from '../../../../src/server/stages/shares/commentSlices.ts';
import { findShare } from '../../../../src/server/stages/shares/repository.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp } from '../../helper.ts';
import seedShare from './shareSeed.ts';
import { student } from './shareFixtures.ts';

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('cutting comments into slices', () => {
  it('keeps each slice within its bytes, a heavier comment alone, every comment once and in order', () => {
    const weights = [100_000, 100_000, 100_000, 300_000, 1, 1, 262_144, 5];
    const lengths = sliceLengths(weights, 262_144);
    expect(lengths).toEqual([2, 1, 1, 2, 1, 1]);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(weights.length);
    expect(sliceLengths([])).toEqual([]);
  });
});

describe.each(testDatabases)('the comments\' slices on $name', (target) => {
  it('hold each slice within COMMENT_SLICE_BYTES, and answer the JSON the schemas serialise', async () => {
    const { app, database } = await buildTestApp(target);
    const { uid, cookie } = await student(app);
    // 30 comments of 2,000 two-byte letters with 20 replies of 2,000: about 88 KB each, several slices.
    const seeded = await seedShare(database.db, { uid, comments: 30, repliesEach: REPLIES_PER_COMMENT });
    const share = await findShare(database.db, seeded.shareId);

    const slices = [];
    for await (const slice of commentSlices(database.db, share!)) slices.push(slice.map((comment) => commentSchema.encode(comment)));
    expect(slices.length).toBeGreaterThan(5);
    expect(slices.flat().map((comment) => comment.id)).toEqual(seeded.commentIds);
    for (const slice of slices) {
      if (slice.length > 1) expect(jsonBytes(slice)).toBeLessThanOrEqual(COMMENT_SLICE_BYTES);
    }

    const page = await app.inject({ method: 'GET', url: '/api/comments?essayKey=personal', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.body).toBe(JSON.stringify(essayCommentsSchema.encode(page.json())));
    expect(page.json<{ shares: Array<{ comments: unknown[] }>; more: boolean }>()).toMatchObject({ more: false, shares: [{ comments: slices.flat() }] });

    const read = await app.inject({ method: 'GET', url: `/api/read/${seeded.shareId}`, headers: { cookie: seeded.readerCookie } });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(JSON.stringify(readerShareSchema.encode(read.json())));
    expect(read.json<{ comments: unknown[] }>().comments).toEqual(slices.flat());
  }, 120_000);
});
