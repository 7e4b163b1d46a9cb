// The essay step's public face. ResultPage is lazy-loaded by the router.
export { essaySlice, selectGeneratedEssay, selectEssayWordCount } from './essaySlice.ts';
export type { EssayState, EssayRootState } from './essaySlice.ts';
