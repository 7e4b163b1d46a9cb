// The pricing card and FAQ must follow src/common/money/pricing.ts, never hard-coded figures: change the constants
// and the page changes with them.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Faq } from '../../../src/features/landing/Faq.tsx';
import { Pricing } from '../../../src/features/landing/Pricing.tsx';
import type * as PricingConstants from '../../../src/common/money/pricing.ts';

vi.mock('../../../src/common/money/pricing.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PricingConstants>();
  return {
    ...actual,
    BASE_PRICE_CENTS: 5900,
    LAUNCH_DISCOUNT_CENTS: 2500,
    LAUNCH_PRICE_CENTS: 3400,
    LAUNCH_DISCOUNT_PERCENT: 42,
  };
});

describe('prices on the landing page', () => {
  it('come from the shared constants', () => {
    const { container } = render(
      <>
        <Pricing />
        <Faq />
      </>,
    );
    expect(screen.getByText('Launch price:').parentElement).toHaveTextContent('$34');
    expect(screen.getByText('Regular price:').parentElement).toHaveTextContent('$59');
    expect(container).toHaveTextContent('Save $25 (42% off the regular $59)');
    expect(container).toHaveTextContent('Launch offer: 42% off');
    expect(container).toHaveTextContent('$59, or $34 with a launch code');
    expect(container).not.toHaveTextContent(/\$29|\$49|\$20|41%/);
  });
});
