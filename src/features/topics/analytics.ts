// Topic ideas generated (how many, never which), and generation failed for good.
import { flowErrorEvent, on, reportedByStage } from '../../client-core/analyticsRules.ts';
import { topicsGenerationFailed, topicSuggestionsReceived } from './topicsSlice.ts';
import { generateTopics } from './topicsThunks.ts';

export default [
  on(topicSuggestionsReceived, ({ payload }) => {
    const lists = Object.values(payload.suggestions ?? {});
    return { name: 'topics_generated', params: { prompt_count: lists.length, suggestion_count: lists.reduce((n, list) => n + list.length, 0) } };
  }),
  on(topicsGenerationFailed, flowErrorEvent),
  reportedByStage(generateTopics.rejected),
];
