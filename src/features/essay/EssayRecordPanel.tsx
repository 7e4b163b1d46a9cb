// "How this essay was made": when it was generated, from which of the student's answers, and how much they have
// rewritten since; each paragraph's sources open on demand (a button per paragraph, so a keyboard reaches them).
import { useState } from 'react';
import type { AiEngine } from '../../common/contract/contract.ts';
import { essayParagraphs } from '../../common/essay/essaySources.ts';
import { Button } from '../../ui/index.ts';
import type { EssayRecord } from './essaySlice.ts';
import { RECORD_TITLE, recordSummary } from './essayRecord.ts';

export type EssayRecordPanelProps = {
  record: EssayRecord;
  engine: AiEngine | null;
  generated: string;
  current: string;
  /** Without these the panel offers no download choice (a page with its own downloads per essay). */
  includeInDownload?: boolean;
  onIncludeChange?: (include: boolean) => void;
  /** Unique on the page when it shows several records (e.g. "supplemental-2-"). */
  idPrefix?: string;
  headingLevel?: 2 | 4;
  /** Added to each button's name when a page holds several records, e.g. " of essay 2". */
  of?: string;
};

const OPENING_WORDS = 8;
const opening = (paragraph: string): string => {
  const words = paragraph.split(' ');
  return words.length > OPENING_WORDS ? `${words.slice(0, OPENING_WORDS).join(' ')}…` : paragraph;
};

export function EssayRecordPanel({
  record, engine, generated, current, includeInDownload = false, onIncludeChange, idPrefix = '', headingLevel = 2, of = '',
}: EssayRecordPanelProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const paragraphs = essayParagraphs(generated);
  const toggle = (index: number) => setOpen((shown) => {
    const next = new Set(shown);
    if (!next.delete(index)) next.add(index);
    return next;
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  return (
    // Several records on one page are told apart by their names (a landmark's name must be unique).
    <section {...(of === '' ? { 'aria-labelledby': `${idPrefix}record-title` } : { 'aria-label': `${RECORD_TITLE}${of}` })} className="essay-record">
      <Heading id={`${idPrefix}record-title`}>{RECORD_TITLE}</Heading>
      {recordSummary(record, engine, generated, current).map((line) => <p key={line}>{line}</p>)}
      <ol className="essay-record__paragraphs" aria-label={`Paragraphs of the generated essay${of} and their sources`}>
        {record.paragraphs.map((sources, index) => (
          // Paragraphs of one generated essay: their order never changes while shown.
          <li key={index}>
            <p className="essay-record__opening">“{opening(paragraphs[index] ?? '')}”</p>
            <Button
              variant="ghost"
              aria-expanded={open.has(index)}
              aria-controls={`${idPrefix}essay-sources-${index}`}
              onClick={() => toggle(index)}
            >
              {open.has(index) ? 'Hide' : 'Show'} sources for paragraph {index + 1}{of}
            </Button>
            <div id={`${idPrefix}essay-sources-${index}`} hidden={!open.has(index)}>
              {sources.length > 0 ? (
                <ul aria-label={`Sources of paragraph ${index + 1}${of}`}>
                  {sources.map((source) => (
                    <li key={source.key}><strong>{source.label}</strong> — “{source.excerpt}”</li>
                  ))}
                </ul>
              ) : (
                <p>No single answer: this paragraph links the others together.</p>
              )}
            </div>
          </li>
        ))}
      </ol>
      {onIncludeChange && (
        <label className="essay-record__include">
          <input type="checkbox" checked={includeInDownload} onChange={(event) => onIncludeChange(event.target.checked)} />
          {' '}Include this record in the download
        </label>
      )}
    </section>
  );
}
