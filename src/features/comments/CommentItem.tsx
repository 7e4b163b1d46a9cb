// One reader's comment as the student sees it: the reader's name, the words it was about when they were changed,
// the comment, the student's replies, and Reply and Resolve. The comment is a stop of the Tab key whose name is
// the reader and the words, read out with the comment itself.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { REPLIES_PER_COMMENT, REPLY_MAX_CHARS } from '../../common/comments/bounds.ts';
import { Button, TextAreaField } from '../../ui/index.ts';
import { commentWritten, selectCommentOutbox } from './commentsSlice.ts';
import type { PlacedComment } from './placements.ts';

export const CHANGED_WORDS = 'The words this was about were changed';

type Props = PlacedComment & { essayKey: string; how: 'anchored' | 'changed' | 'general'; markId?: string };

export function CommentItem({ comment, share, essayKey, how, markId }: Props) {
  const dispatch = useAppDispatch();
  const outbox = useAppSelector(selectCommentOutbox);
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // The reply's field takes the focus as it opens: the keyboard's next step is to type.
  useEffect(() => {
    if (replying) field.current?.focus();
  }, [replying]);
  const reader = comment.readerName ?? share.readerName ?? 'Your reader';
  const quote = comment.anchor?.quote;
  const name = how === 'general' ? `${reader}, a general comment` : how === 'changed' ? `${reader}, on words you changed: “${quote}”` : `${reader}, on “${quote}”`;
  const full = comment.replies.length >= REPLIES_PER_COMMENT;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (text === '') {
      setError('Write your reply first.');
      return;
    }
    dispatch(commentWritten({ kind: 'reply', id: crypto.randomUUID(), essayKey, commentId: comment.id, text, at: new Date().toISOString() }));
    setReply('');
    setError(null);
    setReplying(false);
  };
  const resolve = () => dispatch(commentWritten({ kind: 'resolve', id: crypto.randomUUID(), essayKey, commentId: comment.id, resolved: !comment.resolved }));

  return (
    <article
      className={comment.resolved ? 'comment comment--resolved' : 'comment'}
      tabIndex={0}
      aria-label={name}
      aria-describedby={`${id}-text`}
      data-mark={markId}
    >
      <p className="comment__who">
        <strong>{reader}</strong>
        {comment.resolved && <span className="comment__state"> · Resolved</span>}
      </p>
      {how === 'changed' && (
        <>
          <p className="comment__changed">{CHANGED_WORDS}</p>
          <blockquote className="comment__quote">{quote}</blockquote>
        </>
      )}
      {how === 'general' && <p className="comment__changed">General comment</p>}
      <p id={`${id}-text`} className="comment__text">{comment.text}</p>
      {comment.replies.length > 0 && (
        <ul className="comment__replies" aria-label="Your replies">
          {comment.replies.map((sent) => (
            <li key={sent.id}>
              <span className="comment__changed">You replied:</span> {sent.text}
              {outbox.some((write) => write.id === sent.id) && <span className="comment__changed"> (waiting to send)</span>}
            </li>
          ))}
        </ul>
      )}
      {replying ? (
        <form className="comment__reply" aria-label={`Reply to ${reader}`} onSubmit={send} noValidate>
          <TextAreaField
            label="Your reply"
            rows={3}
            maxLength={REPLY_MAX_CHARS}
            value={reply}
            error={error}
            ref={field}
            onChange={(event) => setReply(event.target.value)}
          />
          <div className="comment__actions">
            <Button type="submit">Send reply</Button>
            <Button variant="ghost" onClick={() => setReplying(false)}>Cancel</Button>
          </div>
        </form>
      ) : (
        <div className="comment__actions">
          <Button variant="secondary" disabled={full} onClick={() => setReplying(true)}>Reply</Button>
          <Button variant="ghost" onClick={resolve}>{comment.resolved ? 'Reopen' : 'Resolve'}</Button>
        </div>
      )}
      {full && <p className="page-hint">A comment holds at most {REPLIES_PER_COMMENT} replies.</p>}
    </article>
  );
}
