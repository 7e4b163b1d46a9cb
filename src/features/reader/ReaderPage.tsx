// The reader's page: the shared draft, sentence by sentence, and the reader's own comments. The link's token
// is read from the URL's fragment and posted once; everything after goes to the share's own paths.
import { useEffect, useState } from 'react';
import { anchorAt, type TextQuoteAnchor } from '../../common/comments/anchor.ts';
import { openLink, ReaderError, type ReaderShare } from './readerApi.ts';
import { ReaderComments } from './ReaderComments.tsx';
import { CommentForm } from './CommentForm.tsx';
import { offsetOf, paragraphsOf } from './textPieces.ts';

type Loaded = { state: 'opening' } | { state: 'failed'; message: string } | { state: 'open'; share: ReaderShare };
/** What the comment being written is about: words, a sentence, or the whole draft. */
export type Draft = { anchor?: TextQuoteAnchor; clientId: string };

const tokenFromUrl = (): string => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** The reader's selection inside the text, as an anchor in the snapshot, or undefined. */
function selectedAnchor(text: string, container: HTMLElement | null): TextQuoteAnchor | undefined {
  const selection = window.getSelection();
  if (!container || !selection || selection.rangeCount === 0 || selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return undefined;
  const start = offsetOf(range.startContainer, range.startOffset);
  const end = offsetOf(range.endContainer, range.endOffset);
  if (start === undefined || end === undefined) return undefined;
  // White space around the words is not part of them.
  const words = text.slice(start, end);
  const trimmedStart = start + (words.length - words.trimStart().length);
  const trimmedEnd = end - (words.length - words.trimEnd().length);
  const built = anchorAt(text, trimmedStart, trimmedEnd);
  return 'anchor' in built ? built.anchor : undefined;
}

export function ReaderPage() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'opening' });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [selection, setSelection] = useState<TextQuoteAnchor | undefined>();
  const [textBox, setTextBox] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const token = tokenFromUrl();
    if (token === '') {
      setLoaded({ state: 'failed', message: 'This link does not work.' });
      return;
    }
    openLink(token).then(
      (share) => setLoaded({ state: 'open', share }),
      (error: unknown) => setLoaded({ state: 'failed', message: error instanceof ReaderError ? error.message : 'This link does not work.' }),
    );
  }, []);

  const share = loaded.state === 'open' ? loaded.share : undefined;
  useEffect(() => {
    if (!share) return undefined;
    const follow = () => setSelection(selectedAnchor(share.text, textBox));
    document.addEventListener('selectionchange', follow);
    return () => document.removeEventListener('selectionchange', follow);
  }, [share, textBox]);

  if (loaded.state === 'opening') return <main className="reader"><p role="status">Opening the draft…</p></main>;
  if (loaded.state === 'failed') {
    return <main className="reader"><h1>Comments on a draft</h1><p role="alert" className="reader-ended">{loaded.message}</p></main>;
  }
  const { share: open } = loaded;
  const start = (anchor?: TextQuoteAnchor) => setDraft({ clientId: crypto.randomUUID(), ...(anchor ? { anchor } : {}) });
  const update = (next: ReaderShare) => setLoaded({ state: 'open', share: next });
  const ended = (message: string) => setLoaded({ state: 'failed', message });

  return (
    <main className="reader">
      <h1>A draft shared with you</h1>
      <p className="reader-note">
        Only you see your comments here, with the student&apos;s replies. You can comment until
        {' '}{new Date(open.expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' })}.
      </p>
      {open.title !== undefined && <section aria-label="Prompt" className="reader-prompt"><p>{open.title}</p></section>}
      <div className="reader-actions">
        <button type="button" disabled={selection === undefined} onClick={() => start(selection)}>Add comment</button>
        <button type="button" onClick={() => start()}>General comment</button>
      </div>
      {draft && (
        <CommentForm
          shareId={open.shareId} draft={draft} text={open.text}
          onDone={(comment) => {
            if (comment) update({ ...open, comments: [...open.comments.filter((old) => old.id !== comment.id), comment] });
            setDraft(undefined);
          }}
          onEnded={ended}
        />
      )}
      <article className="reader-text" aria-label="The draft" ref={setTextBox}>
        {paragraphsOf(open.text).map((paragraph) => (
          <p key={paragraph[0]!.start}>
            {paragraph.map((piece) => (piece.sentence === undefined
              ? <span key={piece.start} data-start={piece.start}>{piece.text}</span>
              : (
                <span key={piece.start} className="reader-sentence" data-start={piece.start}>
                  {piece.text}
                  {piece.anchor && (
                    <button
                      type="button" className="reader-sentence__comment" data-start={piece.start + piece.text.length}
                      aria-label={`Comment on this sentence: ${piece.text}`}
                      onClick={() => start(piece.anchor)}
                    >
                      <span aria-hidden="true">✎</span>
                    </button>
                  )}
                </span>
              )))}
          </p>
        ))}
      </article>
      <ReaderComments share={open} onChange={update} onEnded={ended} />
    </main>
  );
}
