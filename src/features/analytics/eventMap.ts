// Which app action becomes which analytics event (SPEC §3): a table keyed by action type, so features never
// call analytics. Rows marked "expected" are for actions other branches are adding; their payload shape is
// documented on the row and the lead aligns names when merging. Money arrives in cents and leaves in dollars.
import type { AnalyticsEvent } from '../../shared/analyticsEvents.ts';
import { ANALYTICS_ERROR_MESSAGE_MAX } from '../../shared/constants.ts';
import { countWords } from '../../shared/wordCount.ts';

/** What a builder may read besides the action: the state and where the student is. */
export type EventContext = { state: unknown; pagePath: string };
export type EventBody = Pick<AnalyticsEvent, 'name' | 'params'>;
type Action = { type: string; payload?: unknown; meta?: { arg?: unknown } };
type Builder = (action: Action, context: EventContext) => EventBody | null;

const USD = 'USD' as const;
export const dollars = (cents: number): number => Math.round(cents) / 100;
/** Events never carry an e-mail address: one inside an error text is masked before the cut to 100. */
export const errorText = (text: string): string =>
  text.replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '[email]').slice(0, ANALYTICS_ERROR_MESSAGE_MAX);

const payload = <T>(action: Action) => (action.payload ?? {}) as T;
const arg = <T>(action: Action) => (action.meta?.arg ?? {}) as T;
const selectedIdea = (state: unknown): string =>
  (state as { topics?: { selectedTopic?: { idea?: string } | null } }).topics?.selectedTopic?.idea ?? '';

type StepEvent = { stepName: string; stepNumber: number; timeSpentSeconds: number };

export const EVENT_MAP: Record<string, Builder> = {
  // ---- On main now ----
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

  // ---- Expected from the essay branch ----
  /** payload: { suggestions: prompt number → [{ title, description }] } (the essay branch's topics/generate). */
  'topics/suggestionsReceived': (action) => {
    const lists = Object.values(payload<{ suggestions?: Record<string, unknown[]> }>(action).suggestions ?? {});
    return { name: 'topics_generated', params: { prompt_count: lists.length, suggestion_count: lists.reduce((n, list) => n + list.length, 0) } };
  },
  /** payload: { questions: string[]; usedDefaults: boolean }. */
  'followup/generateQuestions/fulfilled': (action) => {
    const { questions = [], usedDefaults = false } = payload<{ questions?: string[]; usedDefaults?: boolean }>(action);
    return { name: 'followup_questions_generated', params: { question_count: questions.length, used_defaults: usedDefaults } };
  },
  /** payload: { essay: string } (counted here, never sent); the topic is the selected one in state. */
  'essay/generate/fulfilled': (action, { state }) => ({
    name: 'essay_generated',
    params: { essay_topic: selectedIdea(state), word_count: countWords(payload<{ essay?: string }>(action).essay ?? '') },
  }),
  /** payload: { format: 'txt' }. */
  'essay/downloaded': (action) => ({ name: 'essay_downloaded', params: { download_format: payload<{ format?: string }>(action).format ?? 'txt' } }),
  /** payload: { name: string; message: string; context: string } — an error shown to the student. */
  'app/errorOccurred': (action, { pagePath }) => {
    const { name, message, context } = payload<{ name: string; message: string; context: string }>(action);
    return { name: 'error_occurred', params: { error_name: errorText(name), error_message: errorText(message), error_context: errorText(context), page_path: pagePath } };
  },

  // ---- Expected from the payments branch ----
  /** payload: { trigger: 'timer' | 'exit_intent' | 'button' | 'on_demand' }. */
  'discount/popupShown': (action, { pagePath }) => ({
    name: 'discount_popup_shown', params: { trigger_type: payload<{ trigger: string }>(action).trigger, page_path: pagePath },
  }),
  /** meta.arg: { email: string } (only whether there is one is sent). */
  'discount/requestCode/fulfilled': (action) => ({
    name: 'discount_code_requested', params: { contact_method: 'email', has_email: Boolean(arg<{ email?: string }>(action).email) },
  }),
  /** payload: the POST /api/validate-discount answer { valid, code, discount_amount (cents), … }. */
  'discount/validate/fulfilled': (action) => {
    const offer = payload<{ valid: boolean; code?: string; discount_amount?: number }>(action);
    if (!offer.valid) return null;
    return { name: 'discount_code_used', params: { discount_code: offer.code ?? '', discount_amount: dollars(offer.discount_amount ?? 0), currency: USD } };
  },
  /** payload: { method: 'copy' | 'email' | 'share' }. */
  'referrals/shared': (action) => ({ name: 'referral_shared', params: { share_method: payload<{ method: string }>(action).method } }),
  /** payload: { referralCode: string; rewardCents: number } — normally recorded by the server. */
  'referrals/converted': (action) => {
    const { referralCode, rewardCents } = payload<{ referralCode: string; rewardCents: number }>(action);
    return { name: 'referral_converted', params: { referral_code: referralCode, reward_amount: dollars(rewardCents), currency: USD } };
  },
  /** meta.arg: { creditsToUse: cents }; payload: the POST /api/referrals/apply-credits answer { final_price (cents) }. */
  'referrals/applyCredits/fulfilled': (action) => ({
    name: 'credits_applied',
    params: {
      credits_used: dollars(arg<{ creditsToUse?: number }>(action).creditsToUse ?? 0),
      final_price: dollars(payload<{ final_price?: number }>(action).final_price ?? 0),
      currency: USD,
    },
  }),
  /** payload: { paymentMethod: string; valueCents: number } — dispatched when a checkout starts. */
  'checkout/started': (action) => {
    const { paymentMethod, valueCents } = payload<{ paymentMethod: string; valueCents: number }>(action);
    return { name: 'purchase_started', params: { payment_method: paymentMethod, value: dollars(valueCents), currency: USD } };
  },
  /** payload: the GET /api/verify-session answer { transaction_id, value (cents), currency, discount_applied }. */
  'checkout/verifySession/fulfilled': (action) => {
    const paid = payload<{ transaction_id: string; value: number; discount_applied: boolean }>(action);
    return { name: 'purchase', params: { transaction_id: paid.transaction_id, value: dollars(paid.value), currency: USD, discount_applied: paid.discount_applied } };
  },
};

/** Any thunk that failed with an API error becomes error_occurred, unless it was only cancelled. */
export function errorEventFromRejection(action: Action, pagePath: string): EventBody | null {
  if (!action.type.endsWith('/rejected')) return null;
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
