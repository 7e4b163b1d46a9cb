// The result page's promo popup triggers (popupTriggers.ts): at most once per browser session, remembered in
// session storage.
import { useEffect, useRef } from 'react';
import { POPUP_DELAY_MS, watchPopupTriggers } from '../../client-core/popupTriggers.ts';
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
    return watchPopupTriggers({ timer, exitIntent, delayMs }, (trigger) => {
      if (!wasPopupShown(page)) callback.current(trigger);
    });
  }, [page, timer, exitIntent, delayMs]);
}
