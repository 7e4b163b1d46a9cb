// Which app action becomes which analytics event: a table keyed by action type, so features never
// call analytics. referral_converted and webhook-only purchases happen on the server, which records them.
import type { AnalyticsEvent } from '../../shared/analyticsEvents.ts';
import { ANALYTICS_ERROR_MESSAGE_MAX } from '../../shared/constants.ts';
import { countWords } from '../../shared/wordCount.ts';

/** What a builder may read besides the action: the state and where the student is. */
export type EventContext = { state: unknown; pagePath: string };
export type EventBody = Pick<AnalyticsEvent, 'name' | 'params'>;
type Action = { type: string; payload?: unknown; meta?: { arg?: unknown } };
type Builder = (action: Action, context: EventContext) => EventBody | null;

const USD = 'USD' as const;
/** Events never carry an e-mail address: one inside an error text is masked before the cut to 100. */
export const errorText = (text: string): string =>
  text.replace(/(?<![^\s@])[^\s@]+@(?=[^\s@]+\.[^\s@])[^\s@]+/g, '[email]').slice(0, ANALYTICS_ERROR_MESSAGE_MAX);

const payload = <T>(action: Action) => (action.payload ?? {}) as T;
const selectedIdea = (state: unknown): string =>
  (state as { topics?: { selectedTopic?: { idea?: string } | null } }).topics?.selectedTopic?.idea ?? '';

/** payload: { format: 'txt' }. */
const downloaded: Builder = (action) => ({
  name: 'essay_downloaded', params: { download_format: payload<{ format?: string }>(action).format ?? 'txt' },
});

/** payload: { name, message, context, page } — an error the student was shown. */
const flowError: Builder = (action, { pagePath }) => {
  const { name, message, context } = payload<{ name: string; message: string; context: string }>(action);
  return { name: 'error_occurred', params: { error_name: errorText(name), error_message: errorText(message), error_context: errorText(context), page_path: pagePath } };
};

/** Thunks whose failures their feature reports itself (once, after its own retries): no second event. */
const FAILURES_REPORTED_BY_FEATURE = new Set(['topics/generate', 'followup/generateQuestions', 'essay/generate', 'supplemental/generate']);

type StepEvent = { stepName: string; stepNumber: number; timeSpentSeconds: number };

export const EVENT_MAP: Record<string, Builder> = {
  'wizard/wizardStepCompleted': (action) => {
    const { stepName, stepNumber } = payload<StepEvent>(action);
    return { name: 'form_step_completed', params: { step_name: stepName, step_number: stepNumber } };
  },
  'wizard/wizardAbandoned': (action) => {
    const { stepName, stepNumber, timeSpentSeconds } = payload<StepEvent>(action);
    return { name: 'form_abandoned', params: { step_name: stepName, step_number: stepNumber, time_spent_seconds: timeSpentSeconds } };
  },
  'feedback/submit/fulfilled': (action) => {
    const { type, rating, page, hasEmail } = payload<{ type: 'bug'; rating: number; page: string; hasEmail: boolean }>(action);
    return { name: 'feedback_submitted', params: { feedback_type: type, rating, page, has_email: hasEmail } };
  },
  'analytics/pageViewed': (action) => ({ name: 'page_viewed', params: { page_path: payload<{ path: string }>(action).path } }),

  // ---- The essay flow (topics, follow-up, essay, supplemental) ----
  'topics/suggestionsReceived': (action) => {
    const lists = Object.values(payload<{ suggestions: Record<string, unknown[]> }>(action).suggestions ?? {});
    return { name: 'topics_generated', params: { prompt_count: lists.length, suggestion_count: lists.reduce((n, list) => n + list.length, 0) } };
  },
  'followup/questionsReceived': (action) => {
    const { questions = [], usedDefaults = false } = payload<{ questions?: string[]; usedDefaults?: boolean }>(action);
    return { name: 'followup_questions_generated', params: { question_count: questions.length, used_defaults: usedDefaults } };
  },
  /** The essay itself is never sent: only its topic and word count. */
  'essay/generated': (action, { state }) => {
    const { topic, wordCount, essay } = payload<{ topic?: string; wordCount?: number; essay?: string }>(action);
    return { name: 'essay_generated', params: { essay_topic: topic ?? selectedIdea(state), word_count: wordCount ?? countWords(essay ?? '') } };
  },
  'essay/downloaded': downloaded,
  'supplemental/essayDownloaded': downloaded,
  'topics/generationFailed': flowError,
  'followup/questionsGenerationFailed': flowError,
  'essay/generationFailed': flowError,
  'supplemental/generationFailed': flowError,

  // ---- Discounts and checkout (their payloads already carry the event's fields, money in dollars) ----
  'discount/popupShown': (action, { pagePath }) => {
    const { trigger_type: trigger, page_path: path } = payload<{ trigger_type: string; page_path?: string }>(action);
    return { name: 'discount_popup_shown', params: { trigger_type: trigger, page_path: path ?? pagePath } };
  },
  'discount/codeRequested': (action) => {
    const { has_email: hasEmail } = payload<{ has_email: boolean }>(action);
    return { name: 'discount_code_requested', params: { contact_method: 'email', has_email: hasEmail } };
  },
  'discount/codeUsed': (action) => {
    const { discount_code: code, discount_amount: amount } = payload<{ discount_code: string; discount_amount: number }>(action);
    return { name: 'discount_code_used', params: { discount_code: code, discount_amount: amount, currency: USD } };
  },
  'checkout/creditsApplied': (action) => {
    const { credits_used: used, final_price: finalPrice } = payload<{ credits_used: number; final_price: number }>(action);
    return { name: 'credits_applied', params: { credits_used: used, final_price: finalPrice, currency: USD } };
  },
  'checkout/purchaseStarted': (action) => {
    const { payment_method: method, value } = payload<{ payment_method: string; value: number }>(action);
    return { name: 'purchase_started', params: { payment_method: method, value, currency: USD } };
  },
  /** Sent once per transaction by the thank-you page; the server records webhook-only purchases itself. */
  'checkout/purchaseCompleted': (action) => {
    const paid = payload<{ transaction_id: string; value: number; discount_applied: boolean }>(action);
    return { name: 'purchase', params: { transaction_id: paid.transaction_id, value: paid.value, currency: USD, discount_applied: paid.discount_applied } };
  },
};

/** Any thunk that failed with an API error becomes error_occurred, unless it was only cancelled. */
export function errorEventFromRejection(action: Action, pagePath: string): EventBody | null {
  if (!action.type.endsWith('/rejected')) return null;
  if (FAILURES_REPORTED_BY_FEATURE.has(action.type.replace(/\/rejected$/, ''))) return null;
  const error = action.payload as { code?: string; message?: string } | undefined;
  if (!error || typeof error.message !== 'string' || error.code === 'aborted') return null;
  return {
    name: 'error_occurred',
    params: {
      error_name: errorText(error.code ?? 'error'),
      error_message: errorText(error.message),
      error_context: errorText(action.type.replace(/\/rejected$/, '')),
      page_path: pagePath,
    },
  };
}

export function eventFor(action: Action, context: EventContext): EventBody | null {
  const builder = EVENT_MAP[action.type];
  return builder ? builder(action, context) : errorEventFromRejection(action, context.pagePath);
}
