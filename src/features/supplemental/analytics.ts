// A supplemental essay downloaded, or its generation failed for good.
import { downloadEvent, flowErrorEvent, on, reportedByStage } from '../../client-core/analyticsRules.ts';
import { supplementalEssayDownloaded, supplementalGenerationFailed } from './supplementalSlice.ts';
import { generateSupplemental } from './supplementalThunks.ts';

export default [
  on(supplementalEssayDownloaded, downloadEvent),
  on(supplementalGenerationFailed, flowErrorEvent),
  reportedByStage(generateSupplemental.rejected),
];
