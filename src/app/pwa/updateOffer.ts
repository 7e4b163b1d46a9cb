// A new version of the app, deployed while this page was open: the service worker (serviceWorker.ts) hands the
// waiting worker here, the update banner offers the reload, and the new worker waits until the student accepts
// it, so no one is left on a shell that no longer matches the server.

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

/** A worker installed by an update (not by the first install), offered to the student. */
export function offer(worker: ServiceWorker | null, container: ServiceWorkerContainer): void {
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

