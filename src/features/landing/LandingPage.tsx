// The landing page at '/': pre-rendered at build time (prerender.ts), hydrated by hydrateLanding.tsx, and
// lazy-loaded by the app's router for in-app navigation. No component here imports CSS: index.ts does,
// so this tree can be rendered under plain Node.
import { ClosingCta } from './ClosingCta.tsx';
import { Faq } from './Faq.tsx';
import { Features } from './Features.tsx';
import { Footer } from './Footer.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { type LandingConfig, buildTimeEnv, landingConfigFrom } from './landingConfig.ts';
import { Pricing } from './Pricing.tsx';
import { Testimonials } from './Testimonials.tsx';

export function LandingPage({ config = landingConfigFrom(buildTimeEnv()) }: { config?: LandingConfig }) {
  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <a className="brand" href="/">
            Essay Studio
          </a>
          <nav aria-label="On this page">
            <ul className="header-nav">
              <li>
                <a href="#how-it-works">How it works</a>
              </li>
              <li>
                <a href="#pricing">Pricing</a>
              </li>
              <li>
                <a href="#faq">FAQ</a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Hero />
        <HowItWorks />
        <Features />
        <Testimonials />
        <Pricing />
        <Faq />
        <ClosingCta />
      </main>
      <Footer config={config} />
    </div>
  );
}
