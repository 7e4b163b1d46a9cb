// Registers the PWA's service worker (vite-plugin-pwa's Workbox worker, /sw.js) from the app, never from the
// landing page, once the page is live (src/app/startApp.tsx fetches this module then): the precache download
// never competes with the first render. A new version it finds is offered through updateOffer.ts.
import { offer } from './updateOffer.ts';

export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  scriptUrl = '/sw.js',
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(scriptUrl, { scope: '/' });
  offer(registration.waiting, container);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing, container);
    });
  });
  // The browser checks for a new worker on navigation; a tab left open for days checks when it comes back.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
  return registration;
}

/** Registers once the page has loaded, so the precache download never competes with the first render. */
export function registerWhenLoaded(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    registerServiceWorker().catch(() => undefined); // no worker: the app still works online
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
