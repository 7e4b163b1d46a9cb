import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLandingDeals, hydrateLanding } from '../../../src/features/landing/hydrateLanding.tsx';
import { LandingPage } from '../../../src/features/landing/LandingPage.tsx';
import { buildTimeEnv, landingConfigFrom } from '../../../src/features/landing/landingConfig.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const mount = (html: string): HTMLElement => {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

const prerendered = () => mount(renderToString(createElement(LandingPage, { config: landingConfigFrom(buildTimeEnv()) })));
const isReactOwned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));
/** The events sent to POST /api/events (fetch is the boundary). */
const sent = (events: ReturnType<typeof fakeApi>) => events.callsTo('POST /api/events')
  .flatMap((call) => (JSON.parse(call.init.body as string) as { events: Array<{ name: string; params: Record<string, unknown> }> }).events);

let api: ReturnType<typeof fakeApi>;
// The popup and the API client come by dynamic import, and Vite's first transform of their modules can take
// seconds on a busy machine: loaded once here, so the tests' waits time the page's behaviour, not the compiler.
beforeAll(async () => {
  await Promise.all([import('../../../src/features/landing/landingPopup.tsx'), import('../../../src/features/discount/landing.ts')]);
}, 60_000);
beforeEach(() => {
  sessionStorage.clear();
  api = fakeApi({ 'POST /api/events': () => json({ accepted: 1, rejected: [] }) });
});
/** What each test made live, undone at its end (listeners, the triggers' watch, an open popup, a React root). */
const undos: Array<() => void> = [];
afterEach(async () => {
  await act(async () => {
    undos.splice(0).forEach((undo) => undo());
  });
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('hydrateLanding', () => {
  it('leaves the pre-rendered page as it is (no React on it) and opens the popup from a deal button', async () => {
    const root = prerendered();
    const heading = screen.getByRole('heading', { level: 1 });
    const errors = vi.spyOn(console, 'error');
    undos.push(await hydrateLanding(root));
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(isReactOwned(heading)).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [deal] = screen.getAllByRole('button', { name: 'Save More Than 40% - Get Deal' });
    await userEvent.click(deal!);
    expect(await screen.findByRole('dialog', { name: 'Save More Than 40%' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sent(api)).toMatchObject([{ name: 'discount_popup_shown', params: { trigger_type: 'button', page_path: '/' } }]), CONDITION_WAIT);
    expect(errors).not.toHaveBeenCalled();

    // Closing removes the popup's own container; the page is untouched and the button opens it again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(root.nextElementSibling).toBeNull();
    await userEvent.click(deal!);
    expect(await screen.findByRole('dialog', { name: 'Save More Than 40%' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sent(api)).toHaveLength(2), CONDITION_WAIT);
  });

  it('opens the popup by itself once per browser session, after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const root = prerendered();
    const stop = activateLandingDeals(root, 1000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Save More Than 40%' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sent(api)).toMatchObject([{ name: 'discount_popup_shown', params: { trigger_type: 'timer' } }]), CONDITION_WAIT);
    // Undoing the page's start closes the popup it opened.
    act(() => stop());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A second page view in the same session: no automatic popup.
    document.body.innerHTML = '';
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const again = prerendered();
    const stopAgain = activateLandingDeals(again, 1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(api)).toHaveLength(1);
    stopAgain();
  });

  it('renders from scratch when the root is empty (the dev server)', async () => {
    const root = mount('<!--app-html-->');
    await act(async () => {
      undos.push(await hydrateLanding(root));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your College Essay, Perfected with AI' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Essay' })).toHaveAttribute('href', '/form');
  });
});
