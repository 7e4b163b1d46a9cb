import { describe, expect, it, vi } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../../src/app/store.ts';
import { feedbackSlice, submitFeedback } from '../../../src/features/feedback/index.ts';
import { startSession } from '../../../src/app/session/index.ts';
import { pageViewed } from '../../../src/features/analytics/index.ts';
import { startAnalytics } from '../../../src/features/analytics/startAnalytics.ts';
import { wizardAbandoned, wizardStepCompleted } from '../../../src/features/wizard/index.ts';
import { creditsApplied } from '../../../src/features/referrals/index.ts';
import { purchaseCompleted, purchaseStarted } from '../../../src/client-core/purchaseEvents.ts';
import { discountCodeRequested, discountCodeUsed, discountPopupShown } from '../../../src/features/discount/index.ts';
import { essayDownloaded, essayGenerated, essayGenerationFailed } from '../../../src/features/essay/index.ts';
import { generateEssay } from '../../../src/features/essay/essayThunks.ts';
import { questionsReceived } from '../../../src/features/followup/index.ts';
import { supplementalEssayDownloaded } from '../../../src/features/supplemental/index.ts';
import { topicSuggestionsReceived, topicsGenerationFailed } from '../../../src/features/topics/index.ts';
import { generateTopics } from '../../../src/features/topics/topicsThunks.ts';
import { analyticsEventSchema, PRODUCT_EVENT_NAMES } from '../../../src/common/analytics/analyticsEvents.ts';
import type { AnalyticsEvent } from '../../../src/common/analytics/analyticsEvents.ts';
import { EVENT_RULES } from './eventRules.ts';

const NOW = new Date('2026-03-02T10:00:00.000Z');

/** A store whose analytics sinks deliver nothing: `events` lists what its slice queued for /api/events. */
function analyticsStore(preloadedState?: Parameters<typeof makeStore>[0]) {
  const events: AnalyticsEvent[] = [];
  const gtm = { initialised: false, init: vi.fn(), push: vi.fn() };
  const store = makeStore(preloadedState);
  startAnalytics(store, { gtm, now: () => NOW, pagePath: () => '/result' }, EVENT_RULES);
  let seen = 0;
  store.subscribe(() => {
    for (const { id, event } of store.getState().analytics.queue) if (id > seen) events.push(event);
    seen = store.getState().analytics.nextId - 1;
  });
  return { store, events, gtm };
}

/** The one event `action` produced, checked against the contract the server applies. */
function eventFrom(action: UnknownAction, preloadedState?: Parameters<typeof makeStore>[0]) {
  const { store, events } = analyticsStore(preloadedState);
  store.dispatch(action);
  expect(events).toHaveLength(1);
  const event = events[0] as AnalyticsEvent;
  expect(analyticsEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
  expect(event.timestamp).toBe(NOW.toISOString());
  return { name: event.name, params: event.params };
}

const built = new Set<string>();
const expectEvent = (actual: { name: string; params: unknown }, name: string, params: object) => {
  expect(actual).toEqual({ name, params });
  built.add(name);
};

// In order even when Vitest shuffles: the last test checks what the others built.
describe('the fourteen product events, built from their actions', { shuffle: false }, () => {
  it('form_step_completed and form_abandoned from the wizard', () => {
    expectEvent(eventFrom(wizardStepCompleted({ stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 40 })),
      'form_step_completed', { step_name: 'Basic Information', step_number: 1 });
    expectEvent(eventFrom(wizardAbandoned({ stepName: 'College Goals', stepNumber: 3, timeSpentSeconds: 95 })),
      'form_abandoned', { step_name: 'College Goals', step_number: 3, time_spent_seconds: 95 });
  });

  it('feedback_submitted from a submission that went through, never with its text or e-mail', () => {
    const action = submitFeedback.fulfilled({ type: 'bug', rating: 4, page: 'topics', hasEmail: true }, 'request-1', { page: 'topics', url: '/topics', userAgent: 'test' });
    expectEvent(eventFrom(action), 'feedback_submitted', { feedback_type: 'bug', rating: 4, page: 'topics', has_email: true });
  });

  it('essay_generated with its topic and word count (never the essay), essay_downloaded with its format', () => {
    expectEvent(eventFrom(essayGenerated({ essay: 'One two three four.', topic: 'Fixing the tractor', wordCount: 4, notes: [], engine: 'offline', variant: 1 })),
      'essay_generated', { essay_topic: 'Fixing the tractor', word_count: 4 });
    expectEvent(eventFrom(essayDownloaded({ format: 'txt' })), 'essay_downloaded', { download_format: 'txt' });
    expect(eventFrom(supplementalEssayDownloaded({ format: 'txt' }))).toEqual({ name: 'essay_downloaded', params: { download_format: 'txt' } });
  });

  it('error_occurred with the message cut to 100 characters and no e-mail address', () => {
    const message = `Failed for maya@example.com ${'x'.repeat(200)}`;
    const { params } = eventFrom(topicsGenerationFailed({ name: 'ApiError', message, context: 'generate_topics', page: 'topics' }));
    expect(params).toEqual({ error_name: 'ApiError', error_message: `Failed for [email] ${'x'.repeat(81)}`, error_context: 'generate_topics', page_path: '/result' });
    expect((params as { error_message: string }).error_message).toHaveLength(100);
    built.add('error_occurred');
    const rejected = eventFrom(startSession.rejected(null, 'request-1', undefined, { status: 0, code: 'network', message: 'Could not reach the server' }));
    expect(rejected.params).toEqual({ error_name: 'network', error_message: 'Could not reach the server', error_context: 'session/start', page_path: '/result' });
  });

  it('a failed essay-flow call is one error event: the feature reports it, its rejected thunk does not again', () => {
    const { store, events } = analyticsStore();
    store.dispatch(essayGenerationFailed({ name: 'rate_limited', message: 'Slow down', context: 'generate_essay', page: 'result' }));
    const limited = { status: 429, code: 'rate_limited', message: 'Slow down' };
    store.dispatch(generateEssay.rejected(null, 'request-1', { variant: 1 }, limited));
    store.dispatch(generateTopics.rejected(null, 'request-2', { variant: 1 }, limited));
    expect(events.map((event) => event.name)).toEqual(['error_occurred']);
  });

  it('topics_generated and followup_questions_generated (first-party extras) count what came back', () => {
    const suggestions = { '1': [{ title: 'A', description: 'a' }, { title: 'B', description: 'b' }], '2': [{ title: 'C', description: 'c' }] };
    expect(eventFrom(topicSuggestionsReceived({ suggestions, variant: 1 }))).toEqual({ name: 'topics_generated', params: { prompt_count: 2, suggestion_count: 3 } });
    expect(eventFrom(questionsReceived({ questions: ['Why?', 'How?'], variant: 1 })))
      .toEqual({ name: 'followup_questions_generated', params: { question_count: 2, used_defaults: false } });
  });

  it('discount_popup_shown, discount_code_requested and discount_code_used (dollars, USD)', () => {
    expectEvent(eventFrom(discountPopupShown({ trigger_type: 'timer', page_path: '/' })), 'discount_popup_shown', { trigger_type: 'timer', page_path: '/' });
    expectEvent(eventFrom(discountCodeRequested({ contact_method: 'email', has_email: true })),
      'discount_code_requested', { contact_method: 'email', has_email: true });
    expectEvent(eventFrom(discountCodeUsed({ discount_code: 'LAUNCH2024-ABC123', discount_amount: 20, currency: 'USD' })),
      'discount_code_used', { discount_code: 'LAUNCH2024-ABC123', discount_amount: 20, currency: 'USD' });
  });

  it('credits_applied, purchase_started and purchase in dollars', () => {
    expectEvent(eventFrom(creditsApplied({ credits_used: 10, final_price: 39, currency: 'USD' })),
      'credits_applied', { credits_used: 10, final_price: 39, currency: 'USD' });
    expectEvent(eventFrom(purchaseStarted({ payment_method: 'discount_code', value: 29, currency: 'USD' })),
      'purchase_started', { payment_method: 'discount_code', value: 29, currency: 'USD' });
  });

  it('purchase goes to Google Tag Manager only: the server records it in the first-party store from the payment', () => {
    const { store, events, gtm } = analyticsStore();
    store.dispatch({ type: 'analytics/consentChanged', payload: 'granted' });
    gtm.initialised = true;
    store.dispatch(purchaseCompleted({ transaction_id: 'cs_1', value: 29, currency: 'USD', discount_applied: true }));
    expect(events).toEqual([]);
    const [event] = gtm.push.mock.calls.at(-1) as [AnalyticsEvent];
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
    expectEvent({ name: event.name, params: event.params }, 'purchase', { transaction_id: 'cs_1', value: 29, currency: 'USD', discount_applied: true });
  });

  it('covered all fourteen but the two the server records or the coming-soon referrals page would send', () => {
    // referral_converted is recorded by the server when a referred browser pays (test/server/payments);
    // referral_shared has no sharing UI to come from while /referrals is a Coming Soon page.
    expect([...built, 'referral_converted', 'referral_shared'].sort()).toEqual([...PRODUCT_EVENT_NAMES].sort());
  });
});

describe('the analytics listener', () => {
  it('records page views and ignores actions it does not map', () => {
    const { store, events } = analyticsStore();
    store.dispatch(pageViewed({ path: '/form' }));
    store.dispatch(feedbackSlice.actions.feedbackOpened());
    expect(events.map((event) => [event.name, event.params])).toEqual([['page_viewed', { page_path: '/form' }]]);
    expect(store.getState().analytics.tracked).toBe(1);
  });

  it('sends to GTM only with consent, once it is initialised, with the user id', () => {
    const { store, gtm } = analyticsStore({ session: { uid: 'uid-12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null } });
    store.dispatch(pageViewed({ path: '/form' }));
    expect(gtm.push).not.toHaveBeenCalled();
    store.dispatch({ type: 'analytics/consentChanged', payload: 'granted' });
    expect(gtm.init).toHaveBeenCalledOnce();
    gtm.initialised = true;
    store.dispatch(pageViewed({ path: '/topics' }));
    expect(gtm.push).toHaveBeenCalledWith(expect.objectContaining({ name: 'page_viewed' }), 'uid-12345678');
  });
});
