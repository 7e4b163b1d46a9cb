// The fake Stripe API for a Vitest test: started for the test and closed when it finishes.
import { onTestFinished } from 'vitest';
import { createFakeStripeServer, type FakeStripe } from './fakeStripeServer.ts';

export type { FakeSession, FakeStripe } from './fakeStripeServer.ts';

export async function startFakeStripe(): Promise<FakeStripe> {
  const { fake, close } = await createFakeStripeServer();
  onTestFinished(close);
  return fake;
}
