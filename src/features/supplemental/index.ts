// The supplemental branch's public face. SupplementalPage is lazy-loaded by the router, with the stage's thunks
// (supplementalThunks.ts).
export {
  supplementalSlice, selectSupplementalEssays, selectSupplementalQuota, selectSupplementalEngine,
  supplementalEssayGenerated, supplementalGenerationFailed, supplementalEssayDownloaded, supplementalEssayCopied,
} from './supplementalSlice.ts';
export type { SupplementalStart } from './SupplementalForm.tsx';
export type {
  SupplementalState, SupplementalEssay, SupplementalRootState, SupplementalQuota,
} from './supplementalSlice.ts';
