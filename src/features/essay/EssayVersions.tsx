// "Versions": every generated essay and every kept edit of it, newest first, kept on this device and synced to
// the remote store. A version can be opened, compared with the current text (a word-level diff, removed words struck through and added ones
// underlined, wrapping on a phone like any paragraph) and restored as the current essay.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { readableTime } from '../../common/time/readableTime.ts';
import { wordDiff } from '../../common/text/wordDiff.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { Button } from '../../ui/index.ts';
import { EssayText } from './EssayText.tsx';
import { essayVersionRestored, selectEssayVersions, selectEssayVersionsLetGo, selectGeneratedEssay } from './essaySlice.ts';
import type { EssayVersion } from './essaySlice.ts';

type Shown = { id: string; view: 'open' | 'compare' } | null;

export type EssayVersionListProps = {
  versions: readonly EssayVersion[];
  current: string;
  onRestore: (id: string) => void;
  /** The list's heading and its id (unique on the page). */
  title: string;
  titleId: string;
  headingLevel?: 2 | 4;
  /** Added to each control's name when a page holds several lists, e.g. " of essay 2". */
  of?: string;
  /** Older versions were let go to keep within the browser's space: the list says so. */
  letGo?: boolean;
};

/** The versions of one essay, newest first: open, compare with the current text, restore. */
export function EssayVersionList({ versions, current, onRestore, title, titleId, headingLevel = 2, of = '', letGo = false }: EssayVersionListProps) {
  const [shown, setShown] = useState<Shown>(null);
  if (versions.length === 0) return null;
  const toggle = (id: string, view: 'open' | 'compare') =>
    setShown((now) => (now?.id === id && now.view === view ? null : { id, view }));
  const Heading = headingLevel === 2 ? 'h2' : 'h4';

  return (
    <section aria-labelledby={titleId} className="essay-versions">
      <Heading id={titleId}>{title}</Heading>
      <p className="page-hint">Kept on this device and saved online with your answers: every generated essay and your saved edits, newest first (the last {versions.length === 1 ? 'one' : versions.length}).</p>
      {letGo && <p className="page-hint">Older versions were let go to keep within your browser&apos;s space.</p>}
      <ol className="essay-versions__list">
        {versions.map((version, index) => {
          const number = versions.length - index;
          const name = `version ${number}${of}`;
          const isCurrent = version.text === current;
          return (
            <li key={version.id} aria-label={`Version ${number}${of}`}>
              <p className="essay-versions__meta">
                {/* One text node after the name: a long history renders fewer nodes. */}
                <strong>{`Version ${number}`}</strong>
                {` · ${version.kind === 'generated' ? 'Generated' : 'Edited by you'} · ${version.at ? readableTime(version.at) : 'time unknown'} · ${countWords(version.text)} words${isCurrent ? ' · current' : ''}`}
              </p>
              <div className="page-actions">
                <Button variant="ghost" aria-expanded={shown?.id === version.id && shown.view === 'open'} onClick={() => toggle(version.id, 'open')}>
                  {`Open ${name}`}
                </Button>
                <Button variant="ghost" disabled={isCurrent} aria-expanded={shown?.id === version.id && shown.view === 'compare'} onClick={() => toggle(version.id, 'compare')}>
                  {`Compare ${name} with current`}
                </Button>
                <Button variant="secondary" disabled={isCurrent} onClick={() => { onRestore(version.id); setShown(null); }}>
                  {`Restore ${name}`}
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

/** The personal statement's versions on /result. */
export function EssayVersions() {
  const dispatch = useAppDispatch();
  const versions = useAppSelector(selectEssayVersions);
  const current = useAppSelector(selectGeneratedEssay);
  const letGo = useAppSelector(selectEssayVersionsLetGo);
  return (
    <EssayVersionList
      versions={versions}
      current={current}
      onRestore={(id) => dispatch(essayVersionRestored(id))}
      title="Versions"
      titleId="versions-title"
      letGo={letGo}
    />
  );
}
