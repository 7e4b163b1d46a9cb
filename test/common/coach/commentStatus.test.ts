// Which earlier comments a revision addressed: those whose words are gone, or about which the new review no
// longer says the same kind of thing; the rest remain.
import { describe, expect, it } from 'vitest';
import { analyseDraft, commentStatus, type CoachComment } from '../../../src/common/coach/index.ts';
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';

const planted = (kind: string) => PLANTED_DRAFTS.find((draft) => draft.kind === kind)!;
const comments = (draft: string): CoachComment[] =>
  analyseDraft({ kind: 'personal', draft }).paragraphs.flatMap((paragraph) => paragraph.comments);

describe('commentStatus', () => {
  it('marks every comment remaining when the draft has not changed', () => {
    const { draft } = planted('tell-not-show');
    const before = comments(draft);
    const statuses = commentStatus(before, analyseDraft({ kind: 'personal', draft }), draft);
    expect(statuses).toHaveLength(before.length);
    expect(statuses.every((status) => status.status === 'remaining')).toBe(true);
    expect(statuses.map(({ status: _status, ...comment }) => comment)).toEqual(before);
  });

  it('marks a comment addressed once its quoted words are gone, and keeps the others remaining', () => {
    const { draft } = planted('tell-not-show');
    const before = comments(draft);
    const revised = draft.replace('I was nervous.', 'My hands left damp prints on the corkboard.');
    const statuses = commentStatus(before, analyseDraft({ kind: 'personal', draft: revised }), revised);
    const feeling = statuses.find((status) => status.kind === 'tell-not-show')!;
    expect(feeling.status).toBe('addressed');
    expect(statuses.filter((status) => status.kind !== 'tell-not-show').every((status) => status.status === 'remaining')).toBe(true);
  });

  it('marks a comment addressed when its words stay but the new review no longer says that about them', () => {
    const { draft } = planted('cliche');
    const before = comments(draft).filter((comment) => comment.kind === 'cliche');
    expect(before).toHaveLength(1);
    // The student kept the words; a review that no longer comments on them of that kind counts them as dealt with.
    const review = analyseDraft({ kind: 'personal', draft });
    const quiet = { ...review, paragraphs: review.paragraphs.map((paragraph) => ({ ...paragraph, comments: paragraph.comments.filter((comment) => comment.kind !== 'cliche') })) };
    expect(commentStatus(before, quiet, draft)[0]!.status).toBe('addressed');
    // A new comment of another kind on the same words does not keep it open either.
    const otherKind = { ...review, paragraphs: review.paragraphs.map((paragraph) => ({ ...paragraph, comments: paragraph.comments.map((comment) => ({ ...comment, kind: 'generic' as const })) })) };
    expect(commentStatus(before, otherKind, draft)[0]!.status).toBe('addressed');
  });

  it('keeps a comment remaining when a new comment of its kind overlaps its words, even in a moved paragraph', () => {
    const { draft } = planted('cliche');
    const before = comments(draft).filter((comment) => comment.kind === 'cliche');
    const moved = `A new first paragraph about the pool at the Y, 6 a.m., with Dolores.\n\n${draft}`;
    const statuses = commentStatus(before, analyseDraft({ kind: 'personal', draft: moved }), moved);
    expect(statuses[0]!.status).toBe('remaining');
  });

  it('handles no earlier comments and an emptied draft', () => {
    const { draft } = planted('cliche');
    expect(commentStatus([], analyseDraft({ kind: 'personal', draft }), draft)).toEqual([]);
    const statuses = commentStatus(comments(draft), analyseDraft({ kind: 'personal', draft: '' }), '');
    expect(statuses.every((status) => status.status === 'addressed')).toBe(true);
  });
});
