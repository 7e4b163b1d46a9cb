import {
  BASE_PRICE_CENTS, LAUNCH_DISCOUNT_CENTS, LAUNCH_DISCOUNT_PERCENT, LAUNCH_PRICE_CENTS, formatDollars,
} from '../../common/money/pricing.ts';
import { ESSAY_WORD_LIMIT } from '../../common/limits/limits.ts';
import { UPGRADE_PATH } from '../../api/paymentEndpoints.ts';
import { NewTabPostButton } from '../../ui/NewTabPostButton.tsx';
import { LandingDeal } from './LandingDeal.tsx';
import { Icon } from './Icon.tsx';
import { Section } from './Section.tsx';

// Every figure comes from src/common/money/pricing.ts, the same numbers the server charges.
const launchPrice = formatDollars(LAUNCH_PRICE_CENTS);
const regularPrice = formatDollars(BASE_PRICE_CENTS);
const saving = formatDollars(LAUNCH_DISCOUNT_CENTS);

const included = [
  'Topic suggestions and follow-up questions, free for everyone',
  `Your personal-statement sample essay, up to ${ESSAY_WORD_LIMIT} words`,
  'Unlimited regenerations',
  'Copy in one click or download as a text file',
] as const;

export function Pricing() {
  return (
    <Section id="pricing" title="Simple Pricing" lead="Start for free. Pay once when you are ready for your essay." tinted>
      <article className="card pricing-card" aria-labelledby="plan-title">
        <p className="badge">
          Launch offer: {LAUNCH_DISCOUNT_PERCENT}% off
        </p>
        <h3 id="plan-title">Essay Studio Full Access</h3>
        <p className="price">
          <span className="price-now">
            <span className="sr-only">Launch price: </span>
            {launchPrice}
          </span>{' '}
          <del className="price-was">
            <span className="sr-only">Regular price: </span>
            {regularPrice}
          </del>
        </p>
        <p className="price-saving">
          Save {saving} ({LAUNCH_DISCOUNT_PERCENT}% off the regular {regularPrice}).
        </p>
        <p className="price-note">
          The {launchPrice} launch price applies when you enter a launch code at checkout. Without a code the
          price is {regularPrice}.
        </p>
        <ul className="checklist">
          {included.map((item) => (
            <li key={item}>
              <Icon name="check" size={20} />
              {item}
            </li>
          ))}
        </ul>
        <a className="button button-primary button-block" href="/form">
          Try It Free
        </a>
        <LandingDeal className="button button-secondary button-block" />
        <NewTabPostButton action={UPGRADE_PATH} className="button button-secondary button-block">
          Upgrade for {regularPrice}<span className="sr-only"> (opens in a new tab)</span>
        </NewTabPostButton>
      </article>
    </Section>
  );
}
