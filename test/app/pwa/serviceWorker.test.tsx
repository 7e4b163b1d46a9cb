import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { UpdateBanner } from '../../../src/app/layout/UpdateBanner.tsx';
import { registerServiceWorker } from '../../../src/app/pwa/serviceWorker.ts';
import { applyUpdate, isUpdateWaiting } from '../../../src/app/pwa/updateOffer.ts';

/** Just enough of the Service Worker API: a container, a registration and workers that change state. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer(controlled: boolean) {
  const registration = Object.assign(new EventTarget(), {
    waiting: null as FakeWorker | null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(async () => registration),
  });
  const deploy = () => {
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.become('installed');
    return worker;
  };
  return { container: container as unknown as ServiceWorkerContainer, registration, deploy, raw: container };
}

describe('the service worker', () => {
  it('registers /sw.js for the whole site and offers nothing on the first install', async () => {
    const { container, raw, deploy } = fakeContainer(false);
    await registerServiceWorker(container);
    expect(raw.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    deploy();
    expect(isUpdateWaiting()).toBe(false);
  });

  it('offers a reload when a new version is waiting, and reloads once it has taken over', async () => {
    const { container, deploy } = fakeContainer(true);
    render(<UpdateBanner />);
    expect(screen.queryByText(/new version/)).not.toBeInTheDocument();
    await registerServiceWorker(container);
    let worker: FakeWorker | undefined;
    act(() => {
      worker = deploy();
    });
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Essay Studio is ready.');

    const reload = vi.fn();
    applyUpdate(container, reload);
    expect(worker?.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });
});
