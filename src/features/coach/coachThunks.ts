// The coach's calls to the server. "Ask the coach" (POST /api/coach/questions) is sent only when the student
// presses it, with the draft and the form document (the server hands the model a reduced profile: no name, no
// e-mail); its request state lives in coachSlice.ts, one run at a time. The rules' own review never needs the
// server: the page works it out on the device as the student pauses typing, so the ask brings back the model's
// questions alone and the server does not run the rules again (README.md, "One review per ask"). The status
// (GET /api/coach/status) says whether a model is configured and how many asks are left today; without an
// answer the page offers no ask.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';
import { coachAnswered, coachStatusReceived, selectCoachWordLimit } from './coachSlice.ts';

/** Without an answer (no connection yet) the page simply offers no ask: nothing to report, the rules still work. */
export const fetchCoachStatus = createAppAsyncThunk('coach/status', async (_: void, { dispatch, signal }) => {
  try {
    const answer = await apiRequest(endpoints.coachStatus, { signal });
    dispatch(coachStatusReceived(answer.model));
  } catch {
    // The last answer known stands.
  }
});

export const askCoach = createAppAsyncThunk('coach/ask', async (_: void, { dispatch, getState, extra, signal, rejectWithValue }) => {
  const state = getState();
  const { kind, prompt, draft } = state.coach;
  const wordLimit = selectCoachWordLimit(state);
  const formData = extra.selectFormDocument(state);
  try {
    const body = kind === 'personal'
      ? { kind, draft, formData }
      : { kind, draft, prompt: prompt.trim(), wordLimit, formData };
    const { engine, comments } = await apiRequest(endpoints.coachQuestions, { body, signal });
    dispatch(coachAnswered({ at: new Date().toISOString(), text: draft, engine, comments }));
    // The ask used one of the day's allowance (or found it spent): the count the page shows follows.
    void dispatch(fetchCoachStatus());
    return undefined;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, { condition: (_, { getState }) => !isPending(getState(), 'coachRequests', 'ask') && getState().coach.draft.trim() !== '' });
