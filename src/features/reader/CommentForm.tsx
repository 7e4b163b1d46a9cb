// Writing one comment: on the words chosen, a sentence, or the whole draft. The client id is made once per
// comment being written, so sending it again after a failure stores it once.
import { useEffect, useRef, useState } from 'react';
import { COMMENT_MAX_CHARS } from '../../common/comments/bounds.ts';
import { addComment, ReaderError, type ReaderComment } from './readerApi.ts';
import type { Draft } from './ReaderPage.tsx';

interface CommentFormProps {
  shareId: string;
  draft: Draft;
  text: string;
  /** The comment saved, or undefined when the reader cancelled. */
  onDone: (comment?: ReaderComment) => void;
  onEnded: (message: string) => void;
}

export function CommentForm({ shareId, draft, onDone, onEnded }: CommentFormProps) {
  const [words, setWords] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), [draft.clientId]);

  const send = async () => {
    if (words.trim() === '') {
      setProblem('Write your comment first.');
      return;
    }
    setSending(true);
    try {
      onDone(await addComment(shareId, draft.clientId, words.trim(), draft.anchor));
    } catch (error) {
      if (error instanceof ReaderError && error.linkEnded) onEnded(error.message);
      else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="reader-form" aria-label="New comment"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {draft.anchor ? <blockquote className="reader-quote">{draft.anchor.quote}</blockquote> : <p>A general comment on the whole draft.</p>}
      <label htmlFor="reader-comment">Your comment</label>
      <textarea
        id="reader-comment" ref={field} rows={4} maxLength={COMMENT_MAX_CHARS} value={words}
        aria-invalid={problem !== undefined} aria-describedby={problem ? 'reader-comment-problem' : undefined}
        onChange={(event) => setWords(event.target.value)}
      />
      {problem && <p id="reader-comment-problem" role="alert" className="reader-problem">{problem}</p>}
      <div className="reader-actions">
        <button type="submit" disabled={sending}>{sending ? 'Saving…' : 'Save comment'}</button>
        <button type="button" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}
