// The topics step as a stage of the app (src/app/stages.ts): its sections of the form document, and /topics,
// open to a student writing a personal statement.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectEssayType } from '../essayType/index.ts';
import type { EssayTypeRootState } from '../essayType/index.ts';
import { selectSelectedTopic, selectTopicSuggestions, topicsSlice } from './topicsSlice.ts';

const slices = [topicsSlice] as const;

export const topicsStage: Stage<typeof slices> = {
  name: 'topics',
  slices,
  analytics: () => import('./analytics.ts'),
  deviceKeeps: ['topics'],
  document: { selectedTopic: selectSelectedTopic, topicSuggestions: selectTopicSuggestions },
  routes: [{
    path: paths.topics, page: () => import('./TopicsPage.tsx'), frame: 'src/features/topics/TopicsPage.tsx',
    after: paths.essayType, needs: (state: EssayTypeRootState) => selectEssayType(state) === 'personal',
  }],
};
