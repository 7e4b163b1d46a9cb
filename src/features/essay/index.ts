// The essay step's public face. ResultPage is lazy-loaded by the router; the stage's thunks (essayThunks.ts)
// come with it, not with the app shell that imports this file.
export {
  essaySlice, selectGeneratedEssay, selectEssayWordCount, selectEssayNotes,
  selectEssayEngine, selectEssayVariant, selectEssayEdited,
  essayEdited, essayRestored, essayStreamStarted, essayTextStreamed, essayGenerated, essayGenerationFailed,
  essayDownloaded, essayCopied,
} from './essaySlice.ts';
export type { EssayState, EssayRootState } from './essaySlice.ts';
export { essayStreamSlice, selectStreamingEssay } from './essayStreamSlice.ts';
export { loadEssayRecord } from './loadEssayRecord.ts';
export type { EssayStreamState } from './essayStreamSlice.ts';
