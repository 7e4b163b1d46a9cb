import { UPGRADE_PATH } from '../../api/paymentEndpoints.ts';
import { ESSAY_WORD_LIMIT } from '../../common/limits/limits.ts';
import { NewTabPostButton } from '../../ui/NewTabPostButton.tsx';
import { SharedComputerField } from '../sharedComputer/SharedComputerField.tsx';
import { LandingDeal } from './LandingDeal.tsx';

// Plain links and a plain form, so the calls to action and Upgrade work before (and without) any JavaScript.
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <p className="eyebrow">For Common App and supplemental essays</p>
        <h1 id="hero-title">Your College Essay, Perfected with AI</h1>
        <p className="hero-subline">
          Share your story, pick a topic that fits you, and get a polished sample essay of up to {ESSAY_WORD_LIMIT}{' '}
          words, built from your own experiences.
        </p>
        <div className="cta-row">
          <a className="button button-primary" href="/form">
            Start Your Essay
          </a>
          <a className="button button-secondary" href="/form">
            Begin Free Trial
          </a>
          <LandingDeal triggers className="button button-secondary" />
          <NewTabPostButton action={UPGRADE_PATH} className="button button-secondary">
            Upgrade<span className="sr-only"> (opens in a new tab)</span>
          </NewTabPostButton>
        </div>
        <SharedComputerField id="landing-shared-computer" />
        <ul className="trust" aria-label="Why students trust Essay Studio">
          <li>
            <strong>10,000+</strong> students have shaped their essays with us
          </li>
          <li>
            <strong>500+</strong> colleges our students have applied to
          </li>
        </ul>
      </div>
    </section>
  );
}
