// The essay after generation: read as paragraphs, or edited in place (the landing page promises editing).
// Every keystroke is saved like the rest of the document; N/650 follows the text (and says when it is below the
// Common App's 250-word minimum); "Restore generated version" brings back what was generated.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { ESSAY_WORD_LIMIT, PERSONAL_STATEMENT_MIN_WORDS } from '../../common/limits/limits.ts';
import { cleanText } from '../../common/text/codePoints.ts';
import { Button } from '../../ui/index.ts';
import { EssayText } from './EssayText.tsx';
import {
  essayEdited, essayRestored, essayVersionSaved, selectEssayEdited, selectEssayWordCount, selectGeneratedEssay,
} from './essaySlice.ts';

/** A pause in typing this long keeps the text as a version. */
const VERSION_PAUSE_MS = 30_000;

export function EssayEditor() {
  const dispatch = useAppDispatch();
  const essay = useAppSelector(selectGeneratedEssay);
  const words = useAppSelector(selectEssayWordCount);
  const edited = useAppSelector(selectEssayEdited);
  const [editing, setEditing] = useState(false);
  const over = words > ESSAY_WORD_LIMIT;

  // While editing, each pause of VERSION_PAUSE_MS in the typing keeps the text as a version.
  useEffect(() => {
    if (!editing) return undefined;
    const timer = setTimeout(() => dispatch(essayVersionSaved()), VERSION_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [editing, essay, dispatch]);

  return (
    <article className="essay" aria-labelledby="essay-heading">
      <h2 id="essay-heading" className="visually-hidden">Essay</h2>
      <p className={over ? 'essay__count essay__count--over' : 'essay__count'} aria-live="polite">
        <span className="visually-hidden">Word count: </span>
        {words}/{ESSAY_WORD_LIMIT}
        {over && <span> (over the Common App limit)</span>}
        {words > 0 && words < PERSONAL_STATEMENT_MIN_WORDS && <span> (below the {PERSONAL_STATEMENT_MIN_WORDS}-word minimum)</span>}
      </p>
      {editing ? (
        <>
          <label htmlFor="essay-editor" className="ui-field__label">Edit your essay</label>
          <textarea
            id="essay-editor"
            className="ui-field__control ui-field__control--multiline essay__editor"
            value={essay}
            rows={24}
            onChange={(event) => dispatch(essayEdited(cleanText(event.target.value)))}
          />
        </>
      ) : (
        <EssayText text={essay} />
      )}
      <div className="page-actions">
        <Button
          variant="secondary"
          onClick={() => {
            // Leaving the editor keeps what was typed as a version.
            if (editing) dispatch(essayVersionSaved());
            setEditing(!editing);
          }}
        >
          {editing ? 'Done Editing' : 'Edit Essay'}
        </Button>
        {editing && <Button variant="ghost" onClick={() => dispatch(essayVersionSaved())}>Save version</Button>}
        {edited && <Button variant="ghost" onClick={() => dispatch(essayRestored())}>Restore generated version</Button>}
      </div>
    </article>
  );
}
