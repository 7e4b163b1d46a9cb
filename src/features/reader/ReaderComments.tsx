// The reader's own comments, with the student's replies: each can be edited or deleted while the link lives.
import { useState } from 'react';
import { COMMENT_MAX_CHARS } from '../../common/comments/bounds.ts';
import { deleteComment, editComment, ReaderError, type ReaderComment, type ReaderShare } from './readerApi.ts';

interface ReaderCommentsProps {
  share: ReaderShare;
  onChange: (share: ReaderShare) => void;
  onEnded: (message: string) => void;
}

function OneComment({ comment, share, onChange, onEnded }: ReaderCommentsProps & { comment: ReaderComment }) {
  const [editing, setEditing] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const fieldId = `edit-${comment.id}`;

  const run = async (action: () => Promise<ReaderShare>) => {
    try {
      onChange(await action());
      setProblem(undefined);
    } catch (error) {
      if (error instanceof ReaderError && error.linkEnded) onEnded(error.message);
      else setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const replaced = (next: ReaderComment) => ({ ...share, comments: share.comments.map((old) => (old.id === next.id ? next : old)) });

  return (
    <li className="reader-comment">
      {comment.anchor ? <blockquote className="reader-quote">{comment.anchor.quote}</blockquote> : <p className="reader-general">General comment</p>}
      {editing === undefined ? <p>{comment.text}</p> : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim() === '') {
              setProblem('Write your comment first.');
              return;
            }
            void run(async () => {
              const next = replaced(await editComment(share.shareId, comment.id, editing.trim()));
              setEditing(undefined);
              return next;
            });
          }}
        >
          <label htmlFor={fieldId}>Edit your comment</label>
          <textarea id={fieldId} rows={4} maxLength={COMMENT_MAX_CHARS} value={editing} onChange={(event) => setEditing(event.target.value)} />
          <div className="reader-actions">
            <button type="submit">Save changes</button>
            <button type="button" onClick={() => setEditing(undefined)}>Cancel</button>
          </div>
        </form>
      )}
      {comment.replies.length > 0 && (
        <ul className="reader-replies" aria-label="The student's replies">
          {comment.replies.map((reply) => <li key={reply.id}><span className="reader-general">The student replied:</span> {reply.text}</li>)}
        </ul>
      )}
      {problem && <p role="alert" className="reader-problem">{problem}</p>}
      {editing === undefined && (
        <div className="reader-actions">
          <button type="button" onClick={() => setEditing(comment.text)}>Edit</button>
          <button
            type="button"
            onClick={() => void run(async () => {
              await deleteComment(share.shareId, comment.id);
              return { ...share, comments: share.comments.filter((old) => old.id !== comment.id) };
            })}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

export function ReaderComments(props: ReaderCommentsProps) {
  const { comments } = props.share;
  return (
    <section className="reader-comments" aria-labelledby="reader-comments-heading">
      <h2 id="reader-comments-heading">Your comments</h2>
      {comments.length === 0
        ? <p>No comments yet. Choose a sentence, select some words, or write a general comment.</p>
        : <ul>{comments.map((comment) => <OneComment key={comment.id} comment={comment} {...props} />)}</ul>}
    </section>
  );
}
