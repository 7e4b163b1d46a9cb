// The short record of how the essay was made, in words: shown on /result and, when the student asks, added to
// the downloaded file. Plain lines, so the .txt and the .docx say the same.
import type { AiEngine } from '../../common/contract/contract.ts';
import { readableTime } from '../../common/time/readableTime.ts';
import { rewrittenPercent } from '../../common/text/wordDiff.ts';
import type { EssayRecord } from './essaySlice.ts';

export const RECORD_TITLE = 'How this essay was made';

/** The answers the whole essay drew on, each named once, in the order they first appear. */
export const answersUsed = (record: EssayRecord): string[] =>
  [...new Set(record.paragraphs.flatMap((sources) => sources.map((source) => source.label)))];

export function recordSummary(record: EssayRecord, engine: AiEngine | null, generated: string, current: string): string[] {
  const used = answersUsed(record);
  const how = engine === 'offline'
    ? 'assembled by Essay Studio’s offline composer'
    : 'written by an AI model (its sources are the answers sharing the most words with each paragraph)';
  return [
    `Generated on ${readableTime(record.generatedAt)}, ${how}.`,
    used.length > 0 ? `Built from ${used.length} of your answers: ${used.join('; ')}.` : 'No single answer of yours could be matched to it.',
    `Since then you have rewritten ${rewrittenPercent(generated, current)}% of its words.`,
  ];
}

/** A closing section of a downloaded file: its title, then one line per paragraph. */
export type RecordAppendix = { title: string; lines: string[] };

/** The record as a download's closing section: the summary, then each paragraph's sources. */
export function recordAppendix(record: EssayRecord, engine: AiEngine | null, generated: string, current: string): RecordAppendix {
  return {
    title: RECORD_TITLE,
    lines: [
      ...recordSummary(record, engine, generated, current),
      ...record.paragraphs.map((sources, index) =>
        `Paragraph ${index + 1} of the generated essay: ${sources.length > 0 ? sources.map((source) => source.label).join('; ') : 'no single answer (it links the others)'}.`),
    ],
  };
}
