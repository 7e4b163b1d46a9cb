// Makes the pre-rendered landing page live without hydrating it. Everything on it but the promo popup never
// changes (plain links, <details> for the FAQ), so React is not needed to show or use it: a few lines of plain
// script give the 'Save More Than 40% - Get Deal' buttons their click and the popup its automatic triggers
// (after 30 s, or on exit intent, once per browser session), and React with the popup loads only when the
// popup is about to open (landingPopup.tsx), started early when a finger or pointer reaches a deal button.
// So '/' loads a few kilobytes of JavaScript before the student interacts, and nothing competes with the
// first paint. On the dev server (a bare template, nothing pre-rendered) the page is rendered with React.
import { POPUP_DELAY_MS, watchPopupTriggers } from '../../client-core/popupTriggers.ts';
import { DEAL_ATTRIBUTE, remember, shownAlready } from './dealMemory.ts';
import { sendLandingEvent } from './landingEvents.ts';
import { activateSharedComputer } from '../sharedComputer/landing.ts';

type Trigger = 'timer' | 'exit_intent' | 'button';

const loadPopup = () => import('./landingPopup.tsx');

/**
 * Binds the deal buttons and the automatic triggers in `root` (the pre-rendered page). The function returned
 * undoes it: the listeners, the triggers' watch and an open popup.
 */
export function activateLandingDeals(root: HTMLElement, delayMs: number = POPUP_DELAY_MS): () => void {
  let open = false;
  let closePopup: (() => void) | null = null;
  const show = (trigger: Trigger) => {
    if (open) return;
    open = true;
    remember(true);
    sendLandingEvent({ name: 'discount_popup_shown', params: { trigger_type: trigger, page_path: window.location.pathname } });
    loadPopup()
      .then((popup) => {
        closePopup = popup.default(() => {
          open = false;
          closePopup = null;
        });
      })
      .catch(() => {
        open = false;
      });
  };

  const dealButton = (target: EventTarget | null): HTMLElement | null =>
    target instanceof Element ? target.closest<HTMLElement>(`[${DEAL_ATTRIBUTE}]`) : null;
  const onClick = (event: MouseEvent) => {
    if (!dealButton(event.target)) return;
    // The button clears the "already shown" memory and opens the popup again.
    remember(false);
    show('button');
  };
  const warm = (event: Event) => {
    if (dealButton(event.target)) void loadPopup().catch(() => undefined);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('pointerover', warm);
  root.addEventListener('focusin', warm);

  const cleanups: Array<() => void> = [];
  if (root.querySelector(`[${DEAL_ATTRIBUTE}="auto"]`) && !shownAlready()) {
    cleanups.push(watchPopupTriggers({ timer: true, exitIntent: true, delayMs }, (trigger) => {
      if (!shownAlready()) show(trigger);
    }));
  }
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('pointerover', warm);
    root.removeEventListener('focusin', warm);
    cleanups.forEach((cleanup) => cleanup());
    closePopup?.();
  };
}

/** Makes the page in `root` live; the function it resolves to undoes that (the page itself stays). */
export async function hydrateLanding(root: HTMLElement): Promise<() => void> {
  if (root.firstElementChild) {
    // The production build: the markup and its stylesheet (inline) are already in the page.
    const undoDeals = activateLandingDeals(root);
    const undoShared = activateSharedComputer(root);
    return () => {
      undoDeals();
      undoShared();
    };
  }
  // The dev server serves the bare template: render from scratch with React, with the stylesheet.
  const { createElement, createRoot, LandingPage } = await import('./landingRuntime.ts');
  await import('./landing.css');
  const reactRoot = createRoot(root);
  reactRoot.render(createElement(LandingPage));
  const undoShared = activateSharedComputer(root);
  return () => {
    undoShared();
    reactRoot.unmount();
  };
}
