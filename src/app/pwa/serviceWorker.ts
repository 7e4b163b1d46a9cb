// Registers the PWA's service worker (vite-plugin-pwa's Workbox worker, /sw.js) from the app, never from
// the landing page, and tells the app when a new version has been deployed: the new worker waits until the
// student accepts the reload the app offers, so no one is left on a shell that no longer matches the server.

type Listener = () => void;

let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<Listener>();

export const subscribeToUpdate = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether a new version is installed and waiting for the student's go-ahead. */
export const isUpdateWaiting = (): boolean => waitingWorker !== null;

function offer(worker: ServiceWorker | null, container: ServiceWorkerContainer): void {
  // Without a controller this is the first install, not an update: nothing to offer.
  if (!worker || !container.controller) return;
  waitingWorker = worker;
  listeners.forEach((listener) => listener());
}

/** The student accepted: the waiting worker takes over, then the page reloads onto the new version. */
export function applyUpdate(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  reload = () => window.location.reload(),
): void {
  if (!waitingWorker || !container) return;
  container.addEventListener('controllerchange', reload, { once: true });
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

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
