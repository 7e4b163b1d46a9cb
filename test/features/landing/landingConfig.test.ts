import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTACT_EMAIL,
  DEFAULT_CONTACT_PHONE,
  landingConfigFrom,
  telHref,
} from '../../../src/features/landing/landingConfig.ts';

describe('landingConfigFrom', () => {
  it("defaults the placeholder links to '#' and the contact details to the defaults", () => {
    const config = landingConfigFrom({});
    expect(config.legalLinks).toEqual([
      { label: 'About Us', href: '#' },
      { label: 'Privacy Policy', href: '#' },
      { label: 'Terms of Service', href: '#' },
    ]);
    expect(config.contactEmail).toBe(DEFAULT_CONTACT_EMAIL);
    expect(config.contactPhone).toBe(DEFAULT_CONTACT_PHONE);
    expect(config.socialLinks.map((link) => link.href)).toEqual(['#', '#', '#']);
  });

  it('reads the VITE_* variables, ignoring blank ones', () => {
    const config = landingConfigFrom({
      VITE_TERMS_URL: ' https://example.org/terms ',
      VITE_ABOUT_URL: '   ',
      VITE_CONTACT_EMAIL: 'hi@example.org',
      VITE_TIKTOK_URL: 'https://tiktok.com/@example',
      VITE_X_URL: 'https://x.com/example',
    });
    expect(config.legalLinks[0]).toEqual({ label: 'About Us', href: '#' });
    expect(config.legalLinks[2]).toEqual({ label: 'Terms of Service', href: 'https://example.org/terms' });
    expect(config.contactEmail).toBe('hi@example.org');
    expect(config.socialLinks.find((link) => link.network === 'tiktok')?.href).toBe('https://tiktok.com/@example');
    expect(config.socialLinks.find((link) => link.network === 'x')?.href).toBe('https://x.com/example');
  });
});

describe('telHref', () => {
  it('keeps only digits and the leading plus', () => {
    expect(telHref('+1 (555) 010-0199')).toBe('tel:+15550100199');
  });
});
