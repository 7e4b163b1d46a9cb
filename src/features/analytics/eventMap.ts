// Which app action becomes which analytics event: a table of the action creators themselves (their `.match`,
// or `isAnyOf` for several), so a builder reads a typed payload, and renaming or removing an action the table
// listens to fails to compile. Features never call analytics. referral_converted and webhook-only purchases
// happen on the server, which records them.
import { isAnyOf, isRejectedWithValue } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { ANALYTICS_ERROR_MESSAGE_MAX } from '../../common/limits/limits.ts';
import { purchaseCompleted, purchaseStarted } from '../../client-core/purchaseEvents.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { discountCodeRequested, discountCodeUsed, discountPopupShown } from '../discount/index.ts';
import { essayDownloaded, essayGenerated, essayGenerationFailed } from '../essay/index.ts';
import { generateEssay } from '../essay/essayThunks.ts';
import { submitFeedback } from '../feedback/index.ts';
import { questionsGenerationFailed, questionsReceived } from '../followup/index.ts';
import { generateQuestions } from '../followup/followupThunks.ts';
import { creditsApplied } from '../referrals/index.ts';
import {
  supplementalEssayDownloaded, supplementalGenerationFailed,
} from '../supplemental/index.ts';
import { topicsGenerationFailed, topicSuggestionsReceived } from '../topics/index.ts';
import { generateTopics } from '../topics/topicsThunks.ts';
import { generateSupplemental } from '../supplemental/supplementalThunks.ts';
import { wizardAbandoned, wizardStepCompleted } from '../wizard/index.ts';
import { pageViewed } from './analyticsSlice.ts';
import { sendEvents } from './analyticsThunks.ts';

/** What a builder may read besides the action: the state and where the student is. */
export type EventContext = { state: unknown; pagePath: string };
export type EventBody = Pick<AnalyticsEvent, 'name' | 'params'>;

/** One row of the table: the actions it matches (typed by the matcher) and the event it builds. */
export type EventRule = {
  matches: (action: unknown) => boolean;
  build: (action: UnknownAction, context: EventContext) => EventBody | null;
};

/** A row for the actions `matcher` accepts; `build` sees the action as the matcher types it. */
export const on = <A extends UnknownAction>(
  matcher: ((action: unknown) => action is A) | { match: (action: unknown) => action is A },
  build: (action: A, context: EventContext) => EventBody | null,
): EventRule => {
  // An action creator is a function too: its own `.match` is the test, never a call of it.
  const matches = 'match' in matcher ? matcher.match : matcher;
  return { matches, build: (action, context) => build(action as A, context) };
};

const USD = 'USD' as const;
/** Events never carry an e-mail address: one inside an error text is masked before the cut to 100. */
export const errorText = (text: string): string =>
  text.replace(/(?<![^\s@])[^\s@]+@(?=[^\s@]+\.[^\s@])[^\s@]+/g, '[email]').slice(0, ANALYTICS_ERROR_MESSAGE_MAX);

const selectedIdea = (state: unknown): string =>
  (state as { topics?: { selectedTopic?: { idea?: string } | null } }).topics?.selectedTopic?.idea ?? '';

/**
 * Thunks whose failures their feature reports itself (once, after its own retries): no second event. And a
 * batch of events that failed to go is no event of its own (it would only join the queue that cannot leave).
 */
const failureReportedByFeature = isAnyOf(
  generateTopics.rejected, generateQuestions.rejected, generateEssay.rejected, generateSupplemental.rejected, sendEvents.rejected,
);

export const EVENT_RULES: readonly EventRule[] = [
  on(wizardStepCompleted, ({ payload: { stepName, stepNumber } }) => (
    { name: 'form_step_completed', params: { step_name: stepName, step_number: stepNumber } })),
  on(wizardAbandoned, ({ payload: { stepName, stepNumber, timeSpentSeconds } }) => (
    { name: 'form_abandoned', params: { step_name: stepName, step_number: stepNumber, time_spent_seconds: timeSpentSeconds } })),
  on(submitFeedback.fulfilled, ({ payload: { type, rating, page, hasEmail } }) => (
    { name: 'feedback_submitted', params: { feedback_type: type, rating, page, has_email: hasEmail } })),
  on(pageViewed, ({ payload }) => ({ name: 'page_viewed', params: { page_path: payload.path } })),

  // ---- The essay flow (topics, follow-up, essay, supplemental) ----
  on(topicSuggestionsReceived, ({ payload }) => {
    const lists = Object.values(payload.suggestions ?? {});
    return { name: 'topics_generated', params: { prompt_count: lists.length, suggestion_count: lists.reduce((n, list) => n + list.length, 0) } };
  }),
  // Received questions were generated; the default seven (after a failure) come with the failure's event.
  on(questionsReceived, ({ payload }) => (
    { name: 'followup_questions_generated', params: { question_count: payload.questions.length, used_defaults: false } })),
  /** The essay itself is never sent: only its topic and word count. */
  on(essayGenerated, ({ payload: { topic, wordCount, essay } }, { state }) => (
    { name: 'essay_generated', params: { essay_topic: topic || selectedIdea(state), word_count: wordCount ?? countWords(essay) } })),
  on(isAnyOf(essayDownloaded, supplementalEssayDownloaded), ({ payload }) => (
    { name: 'essay_downloaded', params: { download_format: payload.format } })),
  on(isAnyOf(topicsGenerationFailed, questionsGenerationFailed, essayGenerationFailed, supplementalGenerationFailed),
    ({ payload: { name, message, context } }, { pagePath }) => ({
      name: 'error_occurred',
      params: { error_name: errorText(name), error_message: errorText(message), error_context: errorText(context), page_path: pagePath },
    })),

  // ---- Discounts and checkout (their payloads already carry the event's fields, money in dollars) ----
  on(discountPopupShown, ({ payload }, { pagePath }) => (
    { name: 'discount_popup_shown', params: { trigger_type: payload.trigger_type, page_path: payload.page_path || pagePath } })),
  on(discountCodeRequested, ({ payload }) => (
    { name: 'discount_code_requested', params: { contact_method: payload.contact_method, has_email: payload.has_email } })),
  on(discountCodeUsed, ({ payload }) => (
    { name: 'discount_code_used', params: { discount_code: payload.discount_code, discount_amount: payload.discount_amount, currency: USD } })),
  on(creditsApplied, ({ payload }) => (
    { name: 'credits_applied', params: { credits_used: payload.credits_used, final_price: payload.final_price, currency: USD } })),
  on(purchaseStarted, ({ payload }) => (
    { name: 'purchase_started', params: { payment_method: payload.payment_method, value: payload.value, currency: USD } })),
  /** Sent once per transaction by the thank-you page; the server records webhook-only purchases itself. */
  on(purchaseCompleted, ({ payload }) => ({
    name: 'purchase',
    params: { transaction_id: payload.transaction_id, value: payload.value, currency: USD, discount_applied: payload.discount_applied },
  })),
];

const rejectedWithApiError = (action: unknown): action is UnknownAction & { payload: { code?: string; message?: unknown } } =>
  isRejectedWithValue(action) && typeof action.payload === 'object' && action.payload !== null;

/** Any thunk that failed with an API error becomes error_occurred, unless it was only cancelled. */
export function errorEventFromRejection(action: UnknownAction, pagePath: string): EventBody | null {
  if (!rejectedWithApiError(action) || failureReportedByFeature(action)) return null;
  const error = action.payload;
  if (typeof error.message !== 'string' || error.code === 'aborted') return null;
  const context = action.type.replace(/\/rejected$/, '');
  return {
    name: 'error_occurred',
    params: {
      error_name: errorText(error.code ?? 'error'),
      error_message: errorText(error.message),
      error_context: errorText(context),
      page_path: pagePath,
    },
  };
}

/** Whether the listener should look at this action at all. */
export const mapsToEvent = (action: UnknownAction): boolean =>
  EVENT_RULES.some((rule) => rule.matches(action)) || rejectedWithApiError(action);

export function eventFor(action: UnknownAction, context: EventContext): EventBody | null {
  const rule = EVENT_RULES.find((candidate) => candidate.matches(action));
  return rule ? rule.build(action, context) : errorEventFromRejection(action, context.pagePath);
}
