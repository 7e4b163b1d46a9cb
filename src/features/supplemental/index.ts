// The supplemental branch's public face. SupplementalPage is lazy-loaded by the router.
export {
  supplementalSlice, selectSupplementalEssays, selectSupplementalQuota, selectSupplementalEngine,
  supplementalEssayGenerated, supplementalGenerationFailed, supplementalEssayDownloaded, supplementalEssayCopied,
} from './supplementalSlice.ts';
export type {
  SupplementalState, SupplementalEssay, SupplementalRootState, SupplementalQuota,
} from './supplementalSlice.ts';
export { generateSupplemental } from './supplementalThunks.ts';
