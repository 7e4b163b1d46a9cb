// The visitor's answer about analytics cookies, remembered on this device (localStorage), and whether Google Tag
// Manager is configured at all (VITE_GTM_ID): what the app needs before its analytics code has arrived.
import type { Consent } from './analyticsSlice.ts';

const CONSENT_KEY = 'analytics_consent';
export const GTM_ID: string | undefined = import.meta.env.VITE_GTM_ID || undefined;

export function storedConsent(): Consent {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : 'unknown';
}

export const saveConsent = (consent: 'granted' | 'denied'): void => localStorage.setItem(CONSENT_KEY, consent);
