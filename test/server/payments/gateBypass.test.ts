// Nothing on the server settles a payment beside the gate: the enumeration (checkoutGate.test.ts) drives
// every path the gate lists, and this check finds any code that grants a plan or spends a checkout's money
// without it, shown to catch a route that does (the fixture).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findGateBypasses } from './gateBypass.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the payment gate has no bypass', () => {
  it('no server code grants a plan, marks a checkout paid or spends its code outside the gate', () => {
    expect(findGateBypasses(root, ['src/server'])).toEqual([]);
  });

  it('a route that settles a payment itself is named, for each thing it does', () => {
    expect(findGateBypasses(root, ['src/server', 'test/server/payments/fixtures'])).toEqual([
      'test/server/payments/fixtures/bypassingRoute.ts: grants or changes a plan',
      'test/server/payments/fixtures/bypassingRoute.ts: writes the entitlements table',
      'test/server/payments/fixtures/bypassingRoute.ts: settles a checkout’s payment or spends its code',
      'test/server/payments/fixtures/bypassingRoute.ts: marks a checkout paid',
    ]);
  });
});
