// The comments kept on the device: the student's writes laid over what the server answers until it has them,
// the server's answer taken when a write is sent, and nothing left after "Delete my data" or "Start over".
import { describe, expect, it } from 'vitest';
import { formReset } from '../../../src/client-core/documentActions.ts';
import {
  commentWriteSent, commentWritten, commentsSlice, essayCommentsReceived, type CommentsState,
} from '../../../src/features/comments/commentsSlice.ts';
import { ON_THE_DOCK, SHARE } from './commentFixtures.ts';

const reduce = commentsSlice.reducer;
const withShare: CommentsState = reduce(undefined, essayCommentsReceived({ essayKey: 'personal', shares: [SHARE] }));
const reply = { kind: 'reply', id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', essayKey: 'personal', commentId: ON_THE_DOCK.id, text: 'Lake Pleasant.', at: '2026-03-03T08:00:00.000Z' } as const;
const dock = (state: CommentsState) => state.byEssay.personal?.[0]?.comments.find((comment) => comment.id === ON_THE_DOCK.id);

describe('the comments slice', () => {
  it('keeps a reply not sent yet over a fresh read of the server, then takes the server’s comment once sent', () => {
    let state = reduce(withShare, commentWritten(reply));
    state = reduce(state, essayCommentsReceived({ essayKey: 'personal', shares: [SHARE] }));
    expect(dock(state)?.replies.map((each) => each.text)).toEqual(['Lake Pleasant.']);
    const answered = { ...ON_THE_DOCK, replies: [{ id: reply.id, text: 'Lake Pleasant.', at: '2026-03-03T08:00:01.000Z' }] };
    state = reduce(state, commentWriteSent({ id: reply.id, comment: answered }));
    expect(state.outbox).toEqual([]);
    expect(dock(state)).toEqual(answered);
  });

  it('keeps only the last resolution of a comment waiting', () => {
    let state = reduce(withShare, commentWritten({ kind: 'resolve', id: 'a', essayKey: 'personal', commentId: ON_THE_DOCK.id, resolved: true }));
    state = reduce(state, commentWritten({ kind: 'resolve', id: 'b', essayKey: 'personal', commentId: ON_THE_DOCK.id, resolved: false }));
    expect(state.outbox.map((write) => write.id)).toEqual(['b']);
    expect(dock(state)?.resolved).toBe(false);
  });

  it('empties on "Delete my data" and "Start over"', () => {
    expect(reduce(reduce(withShare, commentWritten(reply)), formReset())).toEqual({ byEssay: {}, outbox: [], refused: null });
  });
});
