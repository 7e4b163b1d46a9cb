// The promo popup's automatic triggers: after 30 seconds, or when the pointer leaves the top of the
// window (exit intent); at most once per browser session, remembered in session storage.
import { useEffect, useRef } from 'react';
import { POPUP_DELAY_MS } from '../../common/constants.ts';
import type { PopupTrigger } from './discountActions.ts';
import { wasPopupShown } from './storedCode.ts';

export interface PopupTriggerOptions {
  page: 'landing' | 'result';
  timer: boolean;
  exitIntent: boolean;
  onTrigger: (trigger: PopupTrigger) => void;
  delayMs?: number;
}

export function usePopupTriggers({ page, timer, exitIntent, onTrigger, delayMs = POPUP_DELAY_MS }: PopupTriggerOptions): void {
  const callback = useRef(onTrigger);
  callback.current = onTrigger;

  useEffect(() => {
    if ((!timer && !exitIntent) || wasPopupShown(page)) return undefined;
    let fired = false;
    const fire = (trigger: PopupTrigger) => {
      if (fired || wasPopupShown(page)) return;
      fired = true;
      callback.current(trigger);
    };
    const id = timer ? setTimeout(() => fire('timer'), delayMs) : undefined;
    const onLeave = (event: MouseEvent) => {
      if (event.clientY <= 0 && event.relatedTarget === null) fire('exit_intent');
    };
    if (exitIntent) document.documentElement.addEventListener('mouseleave', onLeave);
    return () => {
      clearTimeout(id);
      document.documentElement.removeEventListener('mouseleave', onLeave);
    };
  }, [page, timer, exitIntent, delayMs]);
}
