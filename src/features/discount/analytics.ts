// The launch offer's events; their payloads already carry the event's fields, money in dollars.
import { on, USD } from '../../client-core/analyticsRules.ts';
import { discountCodeRequested, discountCodeUsed, discountPopupShown } from './discountActions.ts';

export default [
  on(discountPopupShown, ({ payload }, { pagePath }) => (
    { name: 'discount_popup_shown', params: { trigger_type: payload.trigger_type, page_path: payload.page_path || pagePath } })),
  on(discountCodeRequested, ({ payload }) => (
    { name: 'discount_code_requested', params: { contact_method: payload.contact_method, has_email: payload.has_email } })),
  on(discountCodeUsed, ({ payload }) => (
    { name: 'discount_code_used', params: { discount_code: payload.discount_code, discount_amount: payload.discount_amount, currency: USD } })),
];
