// The readers' comments on the essay shown: each paragraph holding words commented on, the words marked, with its
// comments beside it (below it on a narrow screen); then the comments whose words were changed, and the general
// ones. Read from the server when the page is live and online, and kept on the device, so they show offline too.
// Nothing shows for an essay no reader commented on.
import { useDeferredValue, useEffect, useId, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert, usePageLive } from '../../ui/index.ts';
import { useOnline } from '../shares/index.ts';
import { CommentItem } from './CommentItem.tsx';
import { selectCommentRefused, selectEssayComments } from './commentsSlice.ts';
import { selectCommentsLoad } from './commentsRequests.ts';
import { loadEssayComments } from './commentsThunks.ts';
import { placeComments } from './placements.ts';
import './comments.css';

export type CommentsPanelProps = {
  essayKey: string;
  /** The text on screen: the comments are placed on it. */
  text: string;
  /** Which essay, in the panel's name, where a page shows several (the supplemental page: "essay 2"). */
  essayName?: string;
};

export function CommentsPanel({ essayKey, text, essayName }: CommentsPanelProps) {
  const dispatch = useAppDispatch();
  const live = usePageLive();
  const online = useOnline();
  const uid = useAppSelector((state) => state.session.uid);
  const shares = useAppSelector((state) => selectEssayComments(state, essayKey));
  const load = useAppSelector((state) => selectCommentsLoad(state, essayKey));
  const refused = useAppSelector(selectCommentRefused);
  const id = useId();
  const named = (part: string) => `${id}-${part}${essayName ? ` ${id}-essay` : ''}`;
  useEffect(() => {
    if (live && online && uid !== null) void dispatch(loadEssayComments(essayKey));
  }, [dispatch, live, online, uid, essayKey]);
  // Typing stays quick: the comments follow the text a moment later when the page is busy.
  const shown = useDeferredValue(text);
  const { paragraphs, changed, general } = useMemo(() => placeComments(shown, shares), [shown, shares]);
  const count = shares.reduce((sum, share) => sum + share.comments.length, 0);

  // No comment read yet: nothing to show, not even a failed read (the next page load reads them again).
  if (count === 0) return null;
  return (
    <section className="comments-panel" aria-labelledby={named('title')}>
      <h2 id={`${id}-title`}>Comments from your readers</h2>
      {essayName && <span id={`${id}-essay`} className="visually-hidden">{essayName}</span>}
      <p className="page-hint">Each comment is beside the words it is about. Reply to it, or resolve it once you have dealt with it.</p>
      {load?.error && <Alert tone="error">{load.error}</Alert>}
      {refused && <Alert tone="error">{`Your reply or resolution could not be saved: ${refused}`}</Alert>}
      {paragraphs.map((paragraph) => (
        <div className="comments-row" key={paragraph.start}>
          <p className="comments-row__text">
            {paragraph.pieces.map((piece, index) => (piece.mark === undefined
              ? <span key={index}>{piece.text}</span>
              : <mark key={index} id={`${id}-mark-${piece.mark}`} className="comments-row__mark">{piece.text}</mark>))}
          </p>
          <ul className="comments-row__notes" aria-label="Comments on this paragraph">
            {paragraph.comments.map((placed) => (
              <li key={placed.comment.id}>
                <CommentItem {...placed} essayKey={essayKey} how="anchored" markId={`${id}-mark-${placed.mark}`} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {changed.length > 0 && (
        <section aria-labelledby={named('changed')}>
          <h3 id={`${id}-changed`}>On words you have changed since</h3>
          <ul className="comments-list">
            {changed.map((placed) => <li key={placed.comment.id}><CommentItem {...placed} essayKey={essayKey} how="changed" /></li>)}
          </ul>
        </section>
      )}
      {general.length > 0 && (
        <section aria-labelledby={named('general')}>
          <h3 id={`${id}-general`}>General comments</h3>
          <ul className="comments-list">
            {general.map((placed) => <li key={placed.comment.id}><CommentItem {...placed} essayKey={essayKey} how="general" /></li>)}
          </ul>
        </section>
      )}
    </section>
  );
}
