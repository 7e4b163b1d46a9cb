import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { feedbackSlice } from '../../../src/features/feedback/index.ts';
import { pageViewed } from '../../../src/features/analytics/index.ts';
import { wizardAbandoned, wizardStepCompleted } from '../../../src/features/wizard/index.ts';
import { analyticsEventSchema, SPEC_EVENT_NAMES } from '../../../src/shared/analyticsEvents.ts';
import type { AnalyticsEvent } from '../../../src/shared/analyticsEvents.ts';

const NOW = new Date('2026-03-02T10:00:00.000Z');

function analyticsStore(preloadedState?: Parameters<typeof makeStore>[0]) {
  const events: AnalyticsEvent[] = [];
  const gtm = { initialised: false, init: vi.fn(), push: vi.fn() };
  const store = makeStore(preloadedState, {
    analytics: { outbox: { add: (event) => events.push(event) }, gtm, now: () => NOW, pagePath: () => '/result' },
  });
  return { store, events, gtm };
}

/** The one event `action` produced, checked against the contract the server applies. */
function eventFrom(action: { type: string; payload?: unknown; meta?: unknown }, preloadedState?: Parameters<typeof makeStore>[0]) {
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

describe('the fourteen events of SPEC §3, built from their actions', () => {
  it('form_step_completed and form_abandoned from the wizard', () => {
    expectEvent(eventFrom(wizardStepCompleted({ stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 40 })),
      'form_step_completed', { step_name: 'Basic Information', step_number: 1 });
    expectEvent(eventFrom(wizardAbandoned({ stepName: 'College Goals', stepNumber: 3, timeSpentSeconds: 95 })),
      'form_abandoned', { step_name: 'College Goals', step_number: 3, time_spent_seconds: 95 });
  });

  it('feedback_submitted from a submission that went through, never with its text or e-mail', () => {
    const action = { type: 'feedback/submit/fulfilled', payload: { type: 'bug', rating: 4, page: 'topics', hasEmail: true } };
    expectEvent(eventFrom(action), 'feedback_submitted', { feedback_type: 'bug', rating: 4, page: 'topics', has_email: true });
  });

  it('essay_generated with the selected topic and the word count, essay_downloaded with its format', () => {
    const state = { topics: { topicSuggestions: {}, selectedTopic: { prompt: '2', idea: 'Fixing the tractor', description: '' } } };
    expectEvent(eventFrom({ type: 'essay/generate/fulfilled', payload: { essay: 'One two three four.' } }, state),
      'essay_generated', { essay_topic: 'Fixing the tractor', word_count: 4 });
    expectEvent(eventFrom({ type: 'essay/downloaded', payload: { format: 'txt' } }), 'essay_downloaded', { download_format: 'txt' });
  });

  it('error_occurred with the message cut to 100 characters and no e-mail address', () => {
    const message = `Failed for maya@example.com ${'x'.repeat(200)}`;
    const { params } = eventFrom({ type: 'app/errorOccurred', payload: { name: 'ApiError', message, context: 'topics' } });
    expect(params).toEqual({ error_name: 'ApiError', error_message: `Failed for [email] ${'x'.repeat(81)}`, error_context: 'topics', page_path: '/result' });
    expect((params as { error_message: string }).error_message).toHaveLength(100);
    built.add('error_occurred');
    const rejected = eventFrom({ type: 'session/start/rejected', payload: { status: 0, code: 'network', message: 'Could not reach the server' } });
    expect(rejected.params).toEqual({ error_name: 'network', error_message: 'Could not reach the server', error_context: 'session/start', page_path: '/result' });
  });

  it('discount_popup_shown, discount_code_requested and discount_code_used (cents to dollars, USD)', () => {
    expectEvent(eventFrom({ type: 'discount/popupShown', payload: { trigger: 'timer' } }), 'discount_popup_shown', { trigger_type: 'timer', page_path: '/result' });
    expectEvent(eventFrom({ type: 'discount/requestCode/fulfilled', payload: {}, meta: { arg: { email: 'maya@example.com' } } }),
      'discount_code_requested', { contact_method: 'email', has_email: true });
    expectEvent(eventFrom({ type: 'discount/validate/fulfilled', payload: { valid: true, code: 'LAUNCH2024-ABC123', discount_amount: 2000 } }),
      'discount_code_used', { discount_code: 'LAUNCH2024-ABC123', discount_amount: 20, currency: 'USD' });
  });

  it('referral_shared, referral_converted and credits_applied', () => {
    expectEvent(eventFrom({ type: 'referrals/shared', payload: { method: 'copy' } }), 'referral_shared', { share_method: 'copy' });
    expectEvent(eventFrom({ type: 'referrals/converted', payload: { referralCode: 'REFER-ABC123', rewardCents: 500 } }),
      'referral_converted', { referral_code: 'REFER-ABC123', reward_amount: 5, currency: 'USD' });
    expectEvent(eventFrom({ type: 'referrals/applyCredits/fulfilled', payload: { final_price: 3900 }, meta: { arg: { creditsToUse: 1000 } } }),
      'credits_applied', { credits_used: 10, final_price: 39, currency: 'USD' });
  });

  it('purchase_started and purchase in dollars', () => {
    expectEvent(eventFrom({ type: 'checkout/started', payload: { paymentMethod: 'card', valueCents: 2900 } }),
      'purchase_started', { payment_method: 'card', value: 29, currency: 'USD' });
    expectEvent(eventFrom({ type: 'checkout/verifySession/fulfilled', payload: { plan: 'paid', transaction_id: 'cs_1', value: 2900, currency: 'usd', discount_applied: true } }),
      'purchase', { transaction_id: 'cs_1', value: 29, currency: 'USD', discount_applied: true });
  });

  it('covered all fourteen', () => {
    expect([...built].sort()).toEqual([...SPEC_EVENT_NAMES].sort());
  });
});

describe('the analytics listener', () => {
  it('records page views, ignores actions it does not map, and skips an invalid discount', () => {
    const { store, events } = analyticsStore();
    store.dispatch(pageViewed({ path: '/form' }));
    store.dispatch(feedbackSlice.actions.feedbackOpened());
    store.dispatch({ type: 'discount/validate/fulfilled', payload: { valid: false, error: 'Invalid discount code' } });
    expect(events.map((event) => [event.name, event.params])).toEqual([['page_viewed', { page_path: '/form' }]]);
    expect(store.getState().analytics.tracked).toBe(1);
  });

  it('sends to GTM only with consent, once it is initialised, with the user id', () => {
    const { store, gtm } = analyticsStore({ session: { uid: 'uid-12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', syncStatus: 'device', error: null } });
    store.dispatch(pageViewed({ path: '/form' }));
    expect(gtm.push).not.toHaveBeenCalled();
    store.dispatch({ type: 'analytics/consentChanged', payload: 'granted' });
    expect(gtm.init).toHaveBeenCalledOnce();
    gtm.initialised = true;
    store.dispatch(pageViewed({ path: '/topics' }));
    expect(gtm.push).toHaveBeenCalledWith(expect.objectContaining({ name: 'page_viewed' }), 'uid-12345678');
  });
});
