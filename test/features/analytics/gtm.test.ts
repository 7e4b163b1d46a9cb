import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGtm } from '../../../src/features/analytics/gtm.ts';

const event = { name: 'page_viewed', timestamp: '2026-03-02T10:00:00.000Z', params: { page_path: '/form' } } as const;

describe('Google Tag Manager sink', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { dataLayer?: unknown }).dataLayer;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('only warns when called before initialisation', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gtm = createGtm('GTM-TEST');
    expect(() => gtm.push(event, 'uid-1')).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Analytics is not initialised: "page_viewed" was not sent to Google Tag Manager.');
    expect((window as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('loads the container with SameSite=None;Secure cookies and IP anonymised, then pushes events', () => {
    const gtm = createGtm('GTM-TEST');
    gtm.init();
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST');
    const dataLayer = (window as { dataLayer?: unknown[] }).dataLayer ?? [];
    expect(dataLayer[0]).toEqual(['config', 'GTM-TEST', { cookie_flags: 'SameSite=None;Secure', anonymize_ip: true }]);
    gtm.push(event, 'uid-1');
    expect(dataLayer.at(-1)).toEqual({ event: 'page_viewed', user_id: 'uid-1', timestamp: event.timestamp, page_path: '/form' });
  });

  it('does nothing without a container id', () => {
    const gtm = createGtm(undefined);
    gtm.init();
    expect(gtm.initialised).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
  });
});
