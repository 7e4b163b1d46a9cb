import { Icon } from './Icon.tsx';
import { type LandingConfig, telHref } from './landingConfig.ts';

export function Footer({ config }: { config: LandingConfig }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="brand brand-footer">Essay Studio</p>
          <p className="footer-tagline">Sample college essays built from your own story.</p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            Company
          </h2>
          <ul className="footer-links">
            {config.legalLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <ul className="footer-links">
            <li>
              <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
            </li>
            <li>
              <a href={telHref(config.contactPhone)}>{config.contactPhone}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Follow us</h2>
          <ul className="social-links">
            {config.socialLinks.map((link) => (
              <li key={link.network}>
                <a href={link.href} aria-label={link.label} title={link.label}>
                  <Icon name={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container footer-note">
        © Essay Studio. Generated essays are samples for reference, not for submission as your own work.
      </p>
    </footer>
  );
}
