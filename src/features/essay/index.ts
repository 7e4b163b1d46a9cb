// The essay step's public face. ResultPage is lazy-loaded by the router.
export {
  essaySlice, selectGeneratedEssay, selectEssayWordCount, selectEssayNotes,
  selectEssayEngine, selectEssayVariant, selectEssayEdited,
  essayEdited, essayRestored, essayStreamStarted, essayTextStreamed, essayGenerated, essayGenerationFailed,
  essayDownloaded, essayCopied,
} from './essaySlice.ts';
export type { EssayState, EssayRootState } from './essaySlice.ts';
export { essayStreamSlice, selectStreamingEssay } from './essayStreamSlice.ts';
export type { EssayStreamState } from './essayStreamSlice.ts';
export { generateEssay, loadEssayRecord } from './essayThunks.ts';
