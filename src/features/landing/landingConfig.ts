// Footer links and contact details, configurable at build time through VITE_* variables.
// About Us, Privacy Policy and Terms of Service are placeholder links, so their URLs default to '#'.

export interface FooterLink {
  label: string;
  href: string;
}

export interface SocialLink extends FooterLink {
  network: 'instagram' | 'tiktok' | 'x';
}

export interface LandingConfig {
  legalLinks: FooterLink[];
  contactEmail: string;
  contactPhone: string;
  socialLinks: SocialLink[];
}

export type BuildEnv = Readonly<Record<string, string | boolean | undefined>>;

export const DEFAULT_CONTACT_EMAIL = 'support@essaystudio.example';
/** 555-01xx numbers are reserved for fiction, so the default can never ring a real person. */
export const DEFAULT_CONTACT_PHONE = '+1 (555) 010-0199';

const pick = (env: BuildEnv, key: string, fallback: string): string => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
};

export function landingConfigFrom(env: BuildEnv): LandingConfig {
  return {
    legalLinks: [
      { label: 'About Us', href: pick(env, 'VITE_ABOUT_URL', '#') },
      { label: 'Privacy Policy', href: pick(env, 'VITE_PRIVACY_URL', '#') },
      { label: 'Terms of Service', href: pick(env, 'VITE_TERMS_URL', '#') },
    ],
    contactEmail: pick(env, 'VITE_CONTACT_EMAIL', DEFAULT_CONTACT_EMAIL),
    contactPhone: pick(env, 'VITE_CONTACT_PHONE', DEFAULT_CONTACT_PHONE),
    socialLinks: [
      { network: 'instagram', label: 'Essay Studio on Instagram', href: pick(env, 'VITE_INSTAGRAM_URL', '#') },
      { network: 'tiktok', label: 'Essay Studio on TikTok', href: pick(env, 'VITE_TIKTOK_URL', '#') },
      { network: 'x', label: 'Essay Studio on X', href: pick(env, 'VITE_X_URL', '#') },
    ],
  };
}

/**
 * The values this bundle was built with. Vite replaces `import.meta.env` in the browser build; under Node
 * (the prerender, run by tsx) it is undefined, so the prerender passes Vite's loadEnv() result instead.
 */
export const buildTimeEnv = (): BuildEnv => (import.meta.env as BuildEnv | undefined) ?? {};

/** `tel:` wants digits and a leading +, not the spaces and brackets people read. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
