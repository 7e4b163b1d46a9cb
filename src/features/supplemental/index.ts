// The supplemental branch's public face. SupplementalPage is lazy-loaded by the router.
export { supplementalSlice, selectSupplementalEssays } from './supplementalSlice.ts';
export type { SupplementalState, SupplementalEssay, SupplementalRootState } from './supplementalSlice.ts';
