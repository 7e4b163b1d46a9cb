// The feedback modal: closed → open → submitting → thank-you, and the draft the student types.
// The draft lives here rather than in the component so a failed submission keeps the text, and so the
// analytics listener sees `feedback/submit/fulfilled` with what it needs (never the message or the e-mail).
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import type { FEEDBACK_TYPES } from '../../common/analytics/feedback.ts';

export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackStatus = 'closed' | 'open' | 'submitting' | 'thanks' | 'failed';
export type FeedbackDraft = { type: FeedbackType; rating: number; message: string; email: string };
export type FeedbackState = { status: FeedbackStatus; draft: FeedbackDraft };
export type FeedbackRootState = { feedback: FeedbackState };

/** What the analytics listener reads from a submission that went through. */
export type FeedbackSubmitted = { type: FeedbackType; rating: number; page: string; hasEmail: boolean };

const emptyDraft: FeedbackDraft = { type: 'general', rating: 0, message: '', email: '' };
const initialState: FeedbackState = { status: 'closed', draft: emptyDraft };

/** POST /api/feedback/submit with the draft and where the student is; an empty e-mail is sent as null. */
export const submitFeedback = createAppAsyncThunk(
  'feedback/submit',
  async (where: { page: string; url: string; userAgent: string }, { getState, signal, rejectWithValue }) => {
    const { type, rating, message, email } = getState().feedback.draft;
    const trimmedEmail = email.trim();
    try {
      await apiRequest(endpoints.submitFeedback, {
        signal,
        body: {
          type, rating, message: message.trim(), email: trimmedEmail === '' ? null : trimmedEmail,
          page: where.page || 'unknown', url: where.url, user_agent: where.userAgent,
        },
      });
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
    return { type, rating, page: where.page || 'unknown', hasEmail: trimmedEmail !== '' } satisfies FeedbackSubmitted;
  },
  { condition: (_, { getState }) => getState().feedback.status !== 'submitting' },
);

export const feedbackSlice = createSlice({
  name: 'feedback',
  initialState,
  reducers: {
    feedbackOpened(state) {
      state.status = 'open';
    },
    feedbackClosed(state) {
      state.status = 'closed';
    },
    feedbackDraftChanged(state, action: PayloadAction<Partial<FeedbackDraft>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    /** 0.5 s after closing; a modal opened again meanwhile keeps its draft. */
    feedbackFormReset(state) {
      if (state.status === 'closed') state.draft = emptyDraft;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(submitFeedback.pending, (state) => { state.status = 'submitting'; })
      .addCase(submitFeedback.fulfilled, (state) => { state.status = 'thanks'; })
      .addCase(submitFeedback.rejected, (state) => { state.status = 'failed'; });
  },
});

export const { feedbackOpened, feedbackClosed, feedbackDraftChanged, feedbackFormReset } = feedbackSlice.actions;

export const selectFeedbackStatus = (state: FeedbackRootState) => state.feedback.status;
export const selectFeedbackDraft = (state: FeedbackRootState) => state.feedback.draft;
