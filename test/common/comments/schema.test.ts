import { describe, expect, it } from 'vitest';
import {
  COMMENTS_PER_SHARE, REPLIES_PER_COMMENT, anchorSchema, commentEditSchema, commentListSchema, newCommentSchema,
  newReplySchema, resolveSchema, shareRequestSchema,
} from '../../../src/common/comments/schema.ts';
import { anchorAt } from '../../../src/common/comments/anchor.ts';

const CLIENT_ID = '7d0d8f4e-2f0a-4c59-9a3e-5b8c1f1e2d3a';
const share = { essayKey: 'personal', versionId: 'v1abcdefgh', text: 'The summer I turned sixteen.', expiresInDays: 7 };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('shareRequestSchema', () => {
  it('accepts a share, with the expiry defaulting to a week and the reader named on one line', () => {
    const { expiresInDays: _, ...withoutExpiry } = share;
    expect(shareRequestSchema.parse(withoutExpiry).expiresInDays).toBe(7);
    expect(shareRequestSchema.parse({ ...share, readerName: '  Ms. Álvarez ' }).readerName).toBe('Ms. Álvarez');
  });

  it('keeps the expiry within 1 to 30 whole days', () => {
    for (const days of [1, 30]) expect(shareRequestSchema.safeParse({ ...share, expiresInDays: days }).success).toBe(true);
    for (const days of [0, 31, 1.5, -1, '7']) expect(shareRequestSchema.safeParse({ ...share, expiresInDays: days }).success).toBe(false);
  });

  it('bounds the reader name to 60 characters of one line', () => {
    expect(shareRequestSchema.safeParse({ ...share, readerName: 'é'.repeat(60) }).success).toBe(true);
    expect(messages(shareRequestSchema.safeParse({ ...share, readerName: 'é'.repeat(61) }))).toEqual(['readerName: Too big: expected string to have <=60 characters']);
    expect(messages(shareRequestSchema.safeParse({ ...share, readerName: 'Ms.\nÁlvarez' }))).toEqual(['readerName: must be one line of text']);
    expect(shareRequestSchema.safeParse({ ...share, readerName: '' }).success).toBe(false);
  });

  it('refuses an empty text, an unknown essay key, a bad version id and fields of its own', () => {
    expect(shareRequestSchema.safeParse({ ...share, text: '  \n ' }).success).toBe(false);
    expect(shareRequestSchema.safeParse({ ...share, essayKey: 'other' }).success).toBe(false);
    expect(shareRequestSchema.safeParse({ ...share, versionId: 'x' }).success).toBe(false);
    expect(shareRequestSchema.safeParse({ ...share, token: 'mine' }).success).toBe(false);
  });
});

describe('comments', () => {
  const snapshot = `${'a'.repeat(600)} end`;
  const built = anchorAt(snapshot, 100, 600);
  const anchor = 'anchor' in built ? built.anchor : undefined;

  it('takes a comment of 1 to 2,000 characters, general or anchored', () => {
    expect(newCommentSchema.safeParse({ clientId: CLIENT_ID, text: 'x' }).success).toBe(true);
    expect(newCommentSchema.safeParse({ clientId: CLIENT_ID, text: '🎣'.repeat(2000), anchor }).success).toBe(true);
    expect(messages(newCommentSchema.safeParse({ clientId: CLIENT_ID, text: 'x'.repeat(2001) }))).toEqual(['text: Too big: expected string to have <=2000 characters']);
    expect(messages(newCommentSchema.safeParse({ clientId: CLIENT_ID, text: ' ' }))).toEqual(['text: must not be empty']);
    expect(commentEditSchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('needs a UUID client id on every new comment and reply', () => {
    expect(messages(newCommentSchema.safeParse({ text: 'x' }))).toEqual(['clientId: must be a UUID']);
    expect(messages(newCommentSchema.safeParse({ clientId: 'abc', text: 'x' }))).toEqual(['clientId: must be a UUID']);
    expect(newReplySchema.safeParse({ clientId: CLIENT_ID, text: 'Thanks!' }).success).toBe(true);
    expect(newReplySchema.safeParse({ clientId: 'abc', text: 'Thanks!' }).success).toBe(false);
  });

  it('bounds a quote to 1 to 500 characters and its context to 32 each side', () => {
    expect(anchorSchema.safeParse(anchor).success).toBe(true);
    expect(messages(anchorSchema.safeParse({ ...anchor, quote: `${anchor!.quote}a`, end: 601 }))).toEqual(['quote: Too big: expected string to have <=500 characters']);
    expect(anchorSchema.safeParse({ ...anchor, quote: '', end: 100 }).success).toBe(false);
    expect(messages(anchorSchema.safeParse({ ...anchor, prefix: 'p'.repeat(33) }))).toEqual(['prefix: Too big: expected string to have <=32 characters']);
    expect(anchorSchema.safeParse({ ...anchor, suffix: 's'.repeat(33) }).success).toBe(false);
    expect(messages(anchorSchema.safeParse({ ...anchor, end: 599 }))).toEqual(['end: must span the quote']);
    expect(anchorSchema.safeParse({ ...anchor, start: -1 }).success).toBe(false);
  });

  it('takes replies of 1 to 2,000 characters and a resolution', () => {
    expect(newReplySchema.safeParse({ clientId: CLIENT_ID, text: 'x'.repeat(2000) }).success).toBe(true);
    expect(newReplySchema.safeParse({ clientId: CLIENT_ID, text: 'x'.repeat(2001) }).success).toBe(false);
    expect(newReplySchema.safeParse({ clientId: CLIENT_ID, text: '' }).success).toBe(false);
    expect(resolveSchema.safeParse({ resolved: true }).success).toBe(true);
    expect(resolveSchema.safeParse({ resolved: 'yes' }).success).toBe(false);
  });

  it('holds at most 200 comments to a share and 20 replies to a comment', () => {
    const reply = { id: CLIENT_ID, text: 'Thanks', at: '2026-12-02T03:00:00Z' };
    const comment = { id: CLIENT_ID, text: 'Unclear', resolved: false, at: '2026-12-02T03:00:00Z', replies: [] };
    expect(COMMENTS_PER_SHARE).toBe(200);
    expect(REPLIES_PER_COMMENT).toBe(20);
    expect(commentListSchema.safeParse(Array.from({ length: 200 }, () => comment)).success).toBe(true);
    expect(commentListSchema.safeParse(Array.from({ length: 201 }, () => comment)).success).toBe(false);
    expect(commentListSchema.safeParse([{ ...comment, replies: Array.from({ length: 20 }, () => reply) }]).success).toBe(true);
    expect(commentListSchema.safeParse([{ ...comment, replies: Array.from({ length: 21 }, () => reply) }]).success).toBe(false);
  });
});
