// POST /api/followup-questions for the selected prompt and topic. On failure the slice falls back to the seven
// default questions and the page says so. Its request state lives in followupRequests.ts; one run at a time. A
// run is never cut short: leaving the page lets it end, and the questions still arrive.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';
import { questionsGenerationFailed, questionsReceived } from './followupSlice.ts';

export const generateQuestions = createAppAsyncThunk(
  'followup/generateQuestions',
  async ({ variant }: { variant: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    const formData = extra.selectFormDocument(getState());
    const topic = formData.selectedTopic;
    try {
      if (!topic) throw new Error('No topic is selected.');
      const { questions } = await apiRequest(endpoints.followupQuestions, {
        body: { formData, selectedPrompt: topic.prompt, selectedIdea: topic.idea, variant }, signal,
      });
      dispatch(questionsReceived({ questions, variant }));
    } catch (error) {
      const failure = toApiErrorValue(error);
      if (failure.code !== 'aborted') dispatch(questionsGenerationFailed(flowError(failure, 'generate_questions', 'followup')));
      return rejectWithValue(failure);
    }
  },
  { condition: (_, { getState }) => !isPending(getState(), 'followupRequests', 'generate') },
);
