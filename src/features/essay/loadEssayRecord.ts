// The essay record's making (buildEssayRecord.ts, with the answers' overlap), fetched by the thunks that write
// an essay as they start rather than with a page: it is needed only once the essay is in.
export const loadEssayRecord = async () => (await import('./buildEssayRecord.ts')).buildEssayRecord;
