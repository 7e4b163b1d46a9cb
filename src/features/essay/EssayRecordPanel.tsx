// "How this essay was made": when it was generated, from which of the student's answers, and how much they have
// rewritten since; each paragraph's sources open on demand (a button per paragraph, so a keyboard reaches them).
import { useState } from 'react';
import type { AiEngine } from '../../common/contract.ts';
import { essayParagraphs } from '../../common/essaySources.ts';
import { Button } from '../../ui/index.ts';
import type { EssayRecord } from './essaySlice.ts';
import { RECORD_TITLE, recordSummary } from './essayRecord.ts';

export type EssayRecordPanelProps = {
  record: EssayRecord;
  engine: AiEngine | null;
  generated: string;
  current: string;
  includeInDownload: boolean;
  onIncludeChange: (include: boolean) => void;
};

const OPENING_WORDS = 8;
const opening = (paragraph: string): string => {
  const words = paragraph.split(' ');
  return words.length > OPENING_WORDS ? `${words.slice(0, OPENING_WORDS).join(' ')}…` : paragraph;
};

export function EssayRecordPanel({ record, engine, generated, current, includeInDownload, onIncludeChange }: EssayRecordPanelProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const paragraphs = essayParagraphs(generated);
  const toggle = (index: number) => setOpen((shown) => {
    const next = new Set(shown);
    if (!next.delete(index)) next.add(index);
    return next;
  });
  return (
    <section aria-labelledby="record-title" className="essay-record">
      <h2 id="record-title">{RECORD_TITLE}</h2>
      {recordSummary(record, engine, generated, current).map((line) => <p key={line}>{line}</p>)}
      <ol className="essay-record__paragraphs" aria-label="Paragraphs of the generated essay and their sources">
        {record.paragraphs.map((sources, index) => (
          // Paragraphs of one generated essay: their order never changes while shown.
          <li key={index}>
            <p className="essay-record__opening">“{opening(paragraphs[index] ?? '')}”</p>
            <Button
              variant="ghost"
              aria-expanded={open.has(index)}
              aria-controls={`essay-sources-${index}`}
              onClick={() => toggle(index)}
            >
              {open.has(index) ? 'Hide' : 'Show'} sources for paragraph {index + 1}
            </Button>
            <div id={`essay-sources-${index}`} hidden={!open.has(index)}>
              {sources.length > 0 ? (
                <ul aria-label={`Sources of paragraph ${index + 1}`}>
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
      <label className="essay-record__include">
        <input type="checkbox" checked={includeInDownload} onChange={(event) => onIncludeChange(event.target.checked)} />
        {' '}Include this record in the download
      </label>
    </section>
  );
}
