// The essay step's public face. ResultPage is lazy-loaded by the router (with generateEssay.ts).
export {
  essaySlice, selectGeneratedEssay, selectEssayWordCount, selectStreamingEssay, selectEssayNotes,
  selectEssayEngine, selectEssayVariant, selectEssayEdited,
  essayEdited, essayRestored, essayStreamStarted, essayTextStreamed, essayGenerated, essayGenerationFailed,
  essayDownloaded, essayCopied,
} from './essaySlice.ts';
export type { EssayState, EssayRootState } from './essaySlice.ts';
