import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../../../src/features/landing/index.ts';
import { landingConfigFrom } from '../../../src/features/landing/landingConfig.ts';
import {
  BASE_PRICE_CENTS, LAUNCH_DISCOUNT_CENTS, LAUNCH_DISCOUNT_PERCENT, LAUNCH_PRICE_CENTS, formatDollars,
} from '../../../src/common/money/pricing.ts';

const renderPage = () => render(<LandingPage config={landingConfigFrom({})} />);

const sectionByHeading = (name: string | RegExp): HTMLElement => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const section = heading.closest('section');
  if (!section) throw new Error(`No <section> around "${String(name)}"`);
  return section;
};

describe('LandingPage', () => {
  it('has the hero headline, a subline and the trust claims', () => {
    renderPage();
    const hero = screen.getByRole('heading', { level: 1, name: 'Your College Essay, Perfected with AI' });
    const section = hero.closest('section') as HTMLElement;
    expect(within(section).getByText(/Share your story, pick a topic/)).toBeInTheDocument();
    const trust = within(section).getByRole('list', { name: /trust/i });
    expect(trust).toHaveTextContent('10,000+');
    expect(trust).toHaveTextContent('500+');
    expect(trust).toHaveTextContent(/students/);
    expect(trust).toHaveTextContent(/colleges/);
  });

  it("sends both hero calls to action to /form as plain links, and offers the deal and the Upgrade checkout", () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Start Your Essay' })).toHaveAttribute('href', '/form');
    expect(screen.getByRole('link', { name: 'Begin Free Trial' })).toHaveAttribute('href', '/form');
    expect(screen.getAllByRole('button', { name: 'Save More Than 40% - Get Deal' })).toHaveLength(2);
    // Upgrade starts a checkout, so it posts a form (plain HTML: it works without JavaScript), in a new tab.
    expect(screen.queryAllByRole('link', { name: /^Upgrade/ })).toEqual([]);
    const upgrades = screen.getAllByRole('button', { name: /^Upgrade/ });
    expect(upgrades.map((button) => button.textContent)).toEqual(['Upgrade (opens in a new tab)', 'Upgrade for $49 (opens in a new tab)']);
    for (const button of upgrades) {
      const form = button.closest('form') as HTMLFormElement;
      expect(button).toHaveAttribute('type', 'submit');
      expect(button).toHaveClass('button', 'button-secondary');
      expect(form).toHaveAttribute('action', '/api/checkout/upgrade');
      expect(form.method).toBe('post');
      expect(form).toHaveAttribute('target', '_blank');
    }
  });

  it('has one h1 and the landing sections in order, with no skipped heading level', () => {
    const { container } = renderPage();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const expected = ['How It Works', 'Key Features', 'Student Success Stories', 'Simple Pricing', 'Frequently Asked Questions', 'Ready to tell your story?'];
    expect(sections.slice(0, expected.length)).toEqual(expected);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('explains the three steps of How It Works', () => {
    renderPage();
    const steps = within(sectionByHeading('How It Works')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1: Share your story',
      'Step 2: Select your topic',
      'Step 3: Craft your essay',
    ]);
  });

  it('lists the six key features', () => {
    renderPage();
    const features = within(sectionByHeading('Key Features')).getAllByRole('heading', { level: 3 });
    expect(features.map((feature) => feature.textContent)).toEqual([
      'AI suggestions',
      'Personalised questions',
      'Multiple essay types',
      'Instant download and copy',
      'Unlimited regenerations',
      'Editing after generation',
    ]);
  });

  it('shows three student testimonials', () => {
    renderPage();
    const stories = sectionByHeading('Student Success Stories');
    expect(within(stories).getAllByRole('figure')).toHaveLength(3);
    expect(stories.querySelectorAll('blockquote')).toHaveLength(3);
  });

  it('shows the launch offer computed from the shared constants, and how to get it', () => {
    renderPage();
    const pricing = sectionByHeading('Simple Pricing');
    expect(formatDollars(LAUNCH_PRICE_CENTS)).toBe('$29');
    expect(within(pricing).getByText('Launch price:').parentElement).toHaveTextContent(formatDollars(LAUNCH_PRICE_CENTS));
    expect(within(pricing).getByText('Regular price:').parentElement).toHaveTextContent(formatDollars(BASE_PRICE_CENTS));
    expect(pricing).toHaveTextContent(`Save ${formatDollars(LAUNCH_DISCOUNT_CENTS)}`);
    expect(pricing).toHaveTextContent(`${LAUNCH_DISCOUNT_PERCENT}% off`);
    expect(pricing).toHaveTextContent(/launch code at checkout/);
    expect(within(pricing).getByRole('link', { name: 'Try It Free' })).toHaveAttribute('href', '/form');
  });

  it('answers three questions in accessible disclosures', () => {
    const { container } = renderPage();
    const faq = sectionByHeading('Frequently Asked Questions');
    expect(faq.querySelectorAll('details > summary')).toHaveLength(3);
    expect(faq).toHaveTextContent(/Most students finish in 1–2 hours/);
    expect(faq).toHaveTextContent(/sample for reference only, not for submission as your own work/);
    expect(faq).toHaveTextContent(/What is free and what do I pay for\?/);
    expect(container.querySelectorAll('details[open]')).toHaveLength(0);
  });

  it('closes with a call to action to /form', () => {
    renderPage();
    const closing = sectionByHeading('Ready to tell your story?');
    expect(within(closing).getByRole('link', { name: 'Write My Essay' })).toHaveAttribute('href', '/form');
  });

  it('has a footer with the placeholder links, contact details and named social links', () => {
    renderPage();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['About Us', 'Privacy Policy', 'Terms of Service']) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', '#');
    }
    expect(within(footer).getByRole('link', { name: 'support@essaystudio.example' })).toHaveAttribute(
      'href',
      'mailto:support@essaystudio.example',
    );
    expect(within(footer).getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute('href', 'tel:+15550100199');
    for (const network of ['Instagram', 'TikTok', 'X']) {
      expect(within(footer).getByRole('link', { name: `Essay Studio on ${network}` })).toBeInTheDocument();
    }
    for (const link of within(footer).getAllByRole('link')) expect(link).toHaveAccessibleName();
  });

  it('uses the configured footer URLs and contact details', () => {
    render(
      <LandingPage
        config={landingConfigFrom({
          VITE_ABOUT_URL: 'https://example.org/about',
          VITE_PRIVACY_URL: 'https://example.org/privacy',
          VITE_TERMS_URL: 'https://example.org/terms',
          VITE_CONTACT_EMAIL: 'help@example.org',
          VITE_CONTACT_PHONE: '+1 202 555 0100',
          VITE_INSTAGRAM_URL: 'https://instagram.com/example',
        })}
      />,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', 'https://example.org/about');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://example.org/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', 'https://example.org/terms');
    expect(within(footer).getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    expect(within(footer).getByRole('link', { name: '+1 202 555 0100' })).toHaveAttribute('href', 'tel:+12025550100');
    expect(within(footer).getByRole('link', { name: 'Essay Studio on Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/example',
    );
  });

  it('renders with the build-time configuration when given none (the router renders it this way)', () => {
    render(<LandingPage />);
    expect(screen.getByRole('link', { name: 'About Us' })).toBeInTheDocument();
  });
});
