// "Versions": every generated essay and every kept edit of it, newest first, on this device. A version can be
// opened, compared with the current text (a word-level diff, removed words struck through and added ones
// underlined, wrapping on a phone like any paragraph) and restored as the current essay.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { wordDiff } from '../../common/wordDiff.ts';
import { countWords } from '../../common/wordCount.ts';
import { Button } from '../../ui/index.ts';
import { EssayText } from './EssayText.tsx';
import { essayVersionRestored, selectEssayVersions, selectGeneratedEssay } from './essaySlice.ts';
import { generatedWhen } from './essayRecord.ts';

type Shown = { id: string; view: 'open' | 'compare' } | null;

export function EssayVersions() {
  const dispatch = useAppDispatch();
  const versions = useAppSelector(selectEssayVersions);
  const current = useAppSelector(selectGeneratedEssay);
  const [shown, setShown] = useState<Shown>(null);
  if (versions.length === 0) return null;
  const toggle = (id: string, view: 'open' | 'compare') =>
    setShown((now) => (now?.id === id && now.view === view ? null : { id, view }));

  return (
    <section aria-labelledby="versions-title" className="essay-versions">
      <h2 id="versions-title">Versions</h2>
      <p className="page-hint">Kept on this device: every generated essay and your saved edits, newest first (the last {versions.length === 1 ? 'one' : versions.length}).</p>
      <ol className="essay-versions__list">
        {versions.map((version, index) => {
          const number = versions.length - index;
          const name = `version ${number}`;
          const isCurrent = version.text === current;
          return (
            <li key={version.id} aria-label={`Version ${number}`}>
              <p className="essay-versions__meta">
                <strong>Version {number}</strong>
                {' · '}{version.kind === 'generated' ? 'Generated' : 'Edited by you'}
                {' · '}{version.at ? generatedWhen(version.at) : 'time unknown'}
                {' · '}{countWords(version.text)} words{isCurrent ? ' · current' : ''}
              </p>
              <div className="page-actions">
                <Button variant="ghost" aria-expanded={shown?.id === version.id && shown.view === 'open'} onClick={() => toggle(version.id, 'open')}>
                  Open {name}
                </Button>
                <Button variant="ghost" disabled={isCurrent} aria-expanded={shown?.id === version.id && shown.view === 'compare'} onClick={() => toggle(version.id, 'compare')}>
                  Compare {name} with current
                </Button>
                <Button variant="secondary" disabled={isCurrent} onClick={() => { dispatch(essayVersionRestored(version.id)); setShown(null); }}>
                  Restore {name}
                </Button>
              </div>
              {shown?.id === version.id && shown.view === 'open' && (
                <div className="essay-versions__text" role="region" aria-label={`Text of ${name}`}><EssayText text={version.text} /></div>
              )}
              {shown?.id === version.id && shown.view === 'compare' && (
                <p className="essay-versions__diff" role="region" aria-label={`Changes from ${name} to the current essay`}>
                  {wordDiff(version.text, current).map((part, at) => (
                    // A diff's parts have no identity beyond their place; they are rebuilt, never reordered.
                    part.op === 'same' ? <span key={at}>{part.text} </span>
                      : part.op === 'added' ? <ins key={at}>{part.text} </ins>
                        : <del key={at}>{part.text} </del>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
