// Google Tag Manager / GA4, the optional second sink: loaded only when VITE_GTM_ID is set and the visitor has
// accepted analytics cookies, after the page is interactive, with cookie flags SameSite=None;Secure and IP anonymised.
// A call made before it is initialised only warns on the console.
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export type Gtm = {
  readonly initialised: boolean;
  init(): void;
  push(event: AnalyticsEvent, userId: string | null): void;
};

export function createGtm(containerId: string | undefined, win: DataLayerWindow = window): Gtm {
  let initialised = false;
  return {
    get initialised() {
      return initialised;
    },
    init() {
      if (initialised || !containerId) return;
      initialised = true;
      const dataLayer = (win.dataLayer ??= []);
      // The gtag('config') form GA4 reads through GTM: cookies usable in a third-party frame, IP anonymised.
      dataLayer.push(['config', containerId, { cookie_flags: 'SameSite=None;Secure', anonymize_ip: true }]);
      dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const script = win.document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
      win.document.head.append(script);
    },
    push(event, userId) {
      if (!initialised) {
        console.warn(`Analytics is not initialised: "${event.name}" was not sent to Google Tag Manager.`);
        return;
      }
      win.dataLayer?.push({ event: event.name, user_id: userId, timestamp: event.timestamp, ...event.params });
    },
  };
}
