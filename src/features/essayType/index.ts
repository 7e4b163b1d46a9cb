// The essay-type step's public face. EssayTypePage is lazy-loaded by the router.
export { essayTypeSlice, essayTypeChosen, selectEssayType } from './essayTypeSlice.ts';
export type { EssayType, EssayTypeState, EssayTypeRootState } from './essayTypeSlice.ts';
