// The record of how the essay was made, as the downloads' closing section, once the student asks for it. Its
// code (with the word diff) is the record panel's, fetched after the page is shown rather than before it goes
// live; the box that asks for it is in that panel, so by the time it can be ticked the code is already here.
import { useEffect, useState } from 'react';
import type { AiEngine } from '../../common/contract.ts';
import type { recordAppendix as recordAppendixNow, RecordAppendix } from './essayRecord.ts';
import type { EssayRecord } from './essaySlice.ts';

/** The appendix for `record` (null: none asked for), or undefined until asked for and loaded. */
export function useRecordAppendix(
  record: EssayRecord | null, engine: AiEngine | null, generated: string, current: string,
): RecordAppendix | undefined {
  const [format, setFormat] = useState<typeof recordAppendixNow | null>(null);
  const asked = record !== null;
  useEffect(() => {
    if (!asked || format) return undefined;
    let mounted = true;
    import('./essayRecord.ts').then((module) => {
      // A function is wrapped, so React stores it rather than calling it as an update.
      if (mounted) setFormat(() => module.recordAppendix);
    }, () => {});
    return () => {
      mounted = false;
    };
  }, [asked, format]);
  return record && format ? format(record, engine, generated, current) : undefined;
}
