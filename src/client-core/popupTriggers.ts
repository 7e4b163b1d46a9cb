// The promo popup's automatic triggers, one copy for every page that has them (the landing page's plain
// script, its dev-server component and the result page): after a delay, or when the pointer leaves through
// the top of the window (exit intent). Whichever comes first fires, once; the caller decides whether the
// popup was already shown this browser session.

/** How long a page waits before it offers the promo popup by itself. */
export const POPUP_DELAY_MS = 30_000;
/** Session storage's note that the landing page's popup was shown; the discount feature reads it too. */
export const LANDING_POPUP_SHOWN_KEY = 'landing_page_discount_shown';

export type AutomaticTrigger = 'timer' | 'exit_intent';

export interface AutomaticTriggers {
  timer: boolean;
  exitIntent: boolean;
  delayMs?: number;
}

/** Starts watching; the returned function stops. */
export function watchPopupTriggers(
  { timer, exitIntent, delayMs = POPUP_DELAY_MS }: AutomaticTriggers,
  fire: (trigger: AutomaticTrigger) => void,
): () => void {
  let fired = false;
  const once = (trigger: AutomaticTrigger) => {
    if (fired) return;
    fired = true;
    fire(trigger);
  };
  const timerId = timer ? setTimeout(() => once('timer'), delayMs) : undefined;
  const onLeave = (event: MouseEvent) => {
    if (event.clientY <= 0 && event.relatedTarget === null) once('exit_intent');
  };
  if (exitIntent) document.documentElement.addEventListener('mouseleave', onLeave);
  return () => {
    clearTimeout(timerId);
    document.documentElement.removeEventListener('mouseleave', onLeave);
  };
}
