// The essay step's public face. ResultPage is lazy-loaded by the router (with generateEssay.ts).
export {
  essaySlice, essayStreamSlice, selectGeneratedEssay, selectEssayWordCount, selectStreamingEssay, selectEssayNotes,
  selectEssayEngine, selectEssayVariant, selectEssayEdited,
  essayEdited, essayRestored, essayStreamStarted, essayTextStreamed, essayGenerated, essayGenerationFailed,
  essayDownloaded, essayCopied,
} from './essaySlice.ts';
export type { EssayState, EssayStreamState, EssayRootState } from './essaySlice.ts';
export { buildEssayRecord, generateEssay } from './generateEssay.ts';
