// The record of how the essay was made, as the downloads' closing section, once the student asks for it. Its
// code (with the word diff) is the record panel's, fetched after the page is shown rather than before it goes
// live; the box that asks for it is in that panel, so by the time it can be ticked the code is already here.
import type { AiEngine } from '../../common/contract/contract.ts';
import { useLoadedAfterShown } from '../../ui/index.ts';
import type { RecordAppendix } from './essayRecord.ts';
import type { EssayRecord } from './essaySlice.ts';

const loadFormat = async () => (await import('./essayRecord.ts')).recordAppendix;

/** The appendix for `record` (null: none asked for), or undefined until asked for and loaded. */
export function useRecordAppendix(
  record: EssayRecord | null, engine: AiEngine | null, generated: string, current: string,
): RecordAppendix | undefined {
  const format = useLoadedAfterShown(loadFormat, record !== null);
  return record && format ? format(record, engine, generated, current) : undefined;
}
