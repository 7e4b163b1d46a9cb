import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateLanding } from '../../../src/features/landing/hydrateLanding.tsx';
import { LandingPage } from '../../../src/features/landing/LandingPage.tsx';
import { buildTimeEnv, landingConfigFrom } from '../../../src/features/landing/landingConfig.ts';

const mount = (html: string): HTMLElement => {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('hydrateLanding', () => {
  it('hydrates the pre-rendered markup in place, without a mismatch', async () => {
    // The prerender renders with the build's configuration; so does the bundle it hydrates.
    const root = mount(renderToString(createElement(LandingPage, { config: landingConfigFrom(buildTimeEnv()) })));
    const heading = screen.getByRole('heading', { level: 1 });
    const errors = vi.spyOn(console, 'error');
    const reported = vi.fn();
    window.addEventListener('error', reported);

    await act(async () => {
      await hydrateLanding(root);
    });

    window.removeEventListener('error', reported);
    expect(errors).not.toHaveBeenCalled();
    expect(reported).not.toHaveBeenCalled();
    // The same node is still there (a mismatch would make React render afresh), now owned by React.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(Object.keys(heading).some((key) => key.startsWith('__reactFiber'))).toBe(true);
  });

  it('renders from scratch when the root is empty (the dev server)', async () => {
    const root = mount('<!--app-html-->');
    await act(async () => {
      await hydrateLanding(root);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your College Essay, Perfected with AI' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Essay' })).toHaveAttribute('href', '/form');
  });

  it('waits for the first contentful paint before it loads React, where Paint Timing exists', async () => {
    const root = mount(renderToString(createElement(LandingPage, { config: landingConfigFrom(buildTimeEnv()) })));
    const heading = screen.getByRole('heading', { level: 1 });
    const isHydrated = () => Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    let report: (() => void) | undefined;
    class FakePaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
        report = () => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      observe(): void {}
      disconnect(): void {}
    }
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    try {
      let finished = false;
      const hydration = hydrateLanding(root).then(() => {
        finished = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(finished).toBe(false);
      expect(isHydrated()).toBe(false);

      await act(async () => {
        report?.();
        await hydration;
      });
      expect(isHydrated()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
