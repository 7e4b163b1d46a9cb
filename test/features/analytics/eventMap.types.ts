// Type-level fixtures for the analytics event map, checked by `npm run typecheck` (tsconfig includes test/):
// each `@ts-expect-error` line must fail to compile, or the type-check fails. They show that a row of the map
// is bound to the action creator itself, so renaming an action, or a field of its payload, breaks the build
// instead of silently sending nothing.
import { on } from '../../../src/client-core/analyticsRules.ts';
import { purchaseStarted } from '../../../src/client-core/purchaseEvents.ts';
import * as wizard from '../../../src/features/wizard/index.ts';

// The row as the map writes it compiles.
export const stepRow = on(wizard.wizardStepCompleted, ({ payload }) => (
  { name: 'form_step_completed', params: { step_name: payload.stepName, step_number: payload.stepNumber } }));

// An action renamed (or removed) in its feature: the row naming the old creator does not compile.
// @ts-expect-error wizard has no action `wizardStepFinished`
export const renamedAction = on(wizard.wizardStepFinished, () => null);

// A payload field renamed: the builder reading the old name does not compile.
export const renamedField = on(purchaseStarted, ({ payload }) => (
  // @ts-expect-error purchaseStarted's payload has `payment_method`, not `method`
  { name: 'purchase_started', params: { payment_method: payload.method, value: payload.value, currency: 'USD' } }));

// An action-type string is no longer a key of the map.
// @ts-expect-error a row takes an action creator or a matcher, never a type string
export const byString = on('checkout/purchaseStarted', () => null);

// A builder must produce one of the contract's events with exactly its parameters.
export const wrongEvent = on(purchaseStarted, ({ payload }) => (
  // @ts-expect-error purchase_started has no `amount` parameter
  { name: 'purchase_started', params: { payment_method: payload.payment_method, amount: payload.value, currency: 'USD' } }));
