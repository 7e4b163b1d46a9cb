// The analytics events with exactly their fields, plus the first-party extras the operator's funnel
// needs. Both sides use these: the browser builds events of these shapes, POST /api/events checks each one.
// user_id is not part of the wire format: the server takes it from the session cookie, never from the body.
import { z } from 'zod';
import { ANALYTICS_ERROR_MESSAGE_MAX } from '../limits/limits.ts';
import { FEEDBACK_TYPES } from './feedback.ts';
import { boundedText } from '../contract/textLength.ts';

/**
 * An e-mail address anywhere in a text: events must never carry one (many of our users are minors). One
 * character before the @ is as good as many for "contains", and it keeps every attempt short: the pattern
 * can start only at an @, so it runs in linear time.
 */
export const EMAIL_ANYWHERE = /[^\s@]@[^\s@]+\.[^\s@]/;
const text = (max = 200) => boundedText(max).refine((value) => !EMAIL_ANYWHERE.test(value), 'must not contain an email address');
const dollars = z.number().finite().min(0).max(100_000);
const count = z.number().int().min(0).max(1_000_000);
const usd = z.literal('USD');

export const analyticsEventParams = {
  // ---- The fourteen product events, each with exactly these fields ----
  discount_popup_shown: { trigger_type: text(40), page_path: text(300) },
  discount_code_requested: { contact_method: text(40), has_email: z.boolean() },
  discount_code_used: { discount_code: text(40), discount_amount: dollars, currency: usd },
  referral_shared: { share_method: text(40) },
  referral_converted: { referral_code: text(40), reward_amount: dollars, currency: usd },
  credits_applied: { credits_used: dollars, final_price: dollars, currency: usd },
  form_step_completed: { step_name: text(80), step_number: z.number().int().min(1).max(5) },
  form_abandoned: { step_name: text(80), step_number: z.number().int().min(1).max(5), time_spent_seconds: count },
  purchase_started: { payment_method: text(40), value: dollars, currency: usd },
  purchase: { transaction_id: text(300), value: dollars, currency: usd, discount_applied: z.boolean() },
  essay_generated: { essay_topic: text(300), word_count: count },
  essay_downloaded: { download_format: text(20) },
  error_occurred: {
    error_name: text(100),
    error_message: text(ANALYTICS_ERROR_MESSAGE_MAX),
    error_context: text(100),
    page_path: text(300),
  },
  feedback_submitted: {
    feedback_type: z.enum(FEEDBACK_TYPES),
    rating: z.number().int().min(0).max(5),
    page: text(200),
    has_email: z.boolean(),
  },
  // ---- First-party extras: the funnel's steps the fourteen events do not cover ----
  /** A route of the app was shown. */
  page_viewed: { page_path: text(300) },
  /** Topic suggestions arrived for the personal statement. */
  topics_generated: { prompt_count: z.number().int().min(0).max(6), suggestion_count: count },
  /** Follow-up questions arrived (generated, or the default seven when generation failed). */
  followup_questions_generated: { question_count: count, used_defaults: z.boolean() },
} as const;

export type AnalyticsEventName = keyof typeof analyticsEventParams;
export const ANALYTICS_EVENT_NAMES = Object.keys(analyticsEventParams) as AnalyticsEventName[];
/** The fourteen events the product reports from the start; the ones after them were added beside them. */
export const PRODUCT_EVENT_NAMES = ANALYTICS_EVENT_NAMES.slice(0, 14);

export type AnalyticsParams<N extends AnalyticsEventName> = {
  [K in keyof (typeof analyticsEventParams)[N]]: z.infer<(typeof analyticsEventParams)[N][K] & z.ZodType>;
};

/** One event as the browser sends it: params strictly as listed above, timestamp as ISO 8601. */
export const analyticsEventSchema = z.discriminatedUnion('name', ANALYTICS_EVENT_NAMES.map((name) =>
  z.strictObject({
    name: z.literal(name),
    timestamp: z.iso.datetime({ offset: true }),
    params: z.strictObject(analyticsEventParams[name]),
  })) as unknown as [z.ZodObject, ...z.ZodObject[]]);

export type AnalyticsEvent = {
  [N in AnalyticsEventName]: { name: N; timestamp: string; params: AnalyticsParams<N> };
}[AnalyticsEventName];

/** The steps of the operator's funnel, in order, and which event puts a visitor on each. */
export const FUNNEL_STEPS = [
  { step: 'visitors', label: 'Visitors' },
  { step: 'form_completed', label: 'Form completed' },
  { step: 'topics', label: 'Topics' },
  { step: 'followup', label: 'Follow-up' },
  { step: 'essay', label: 'Essay' },
  { step: 'purchase', label: 'Purchase' },
] as const;
