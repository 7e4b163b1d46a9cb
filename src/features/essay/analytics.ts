// The personal statement generated (its topic and word count, never the essay), downloaded, or failed for good.
import { downloadEvent, flowErrorEvent, on, reportedByStage } from '../../client-core/analyticsRules.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { essayDownloaded, essayGenerated, essayGenerationFailed } from './essaySlice.ts';
import { generateEssay } from './essayThunks.ts';

const selectedIdea = (state: unknown): string =>
  (state as { topics?: { selectedTopic?: { idea?: string } | null } }).topics?.selectedTopic?.idea ?? '';

export default [
  on(essayGenerated, ({ payload: { topic, wordCount, essay } }, { state }) => (
    { name: 'essay_generated', params: { essay_topic: topic || selectedIdea(state), word_count: wordCount ?? countWords(essay) } })),
  on(essayDownloaded, downloadEvent),
  on(essayGenerationFailed, flowErrorEvent),
  reportedByStage(generateEssay.rejected),
];
