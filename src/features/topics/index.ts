// The topics step's public face. TopicsPage is lazy-loaded by the router, with the stage's thunks (topicsThunks.ts).
export {
  topicsSlice, topicSelected, selectTopicSuggestions, selectSelectedTopic, selectHasSelectedTopic,
  topicSuggestionsReceived, topicsGenerationFailed, selectTopicsVariant, selectHasSuggestions,
} from './topicsSlice.ts';
export type { TopicsState, TopicsRootState } from './topicsSlice.ts';
