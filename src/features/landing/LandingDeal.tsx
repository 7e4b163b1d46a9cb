// The landing page's 'Save More Than 40% - Get Deal' button and, where `triggers` is on, the automatic popup
// (after 30 s or on exit intent, once per browser session under landing_page_discount_shown). Kept tiny for
// '/' budget: the popup (discount feature), the API client and the design system load only when it opens.
// In the built app the pre-rendered page is never hydrated: hydrateLanding.tsx gives these buttons the same
// behaviour in plain script; this component renders their markup and runs them on the dev server.
// The landing page has no store, so it reports the popup and a requested code with a beacon (landingEvents.ts).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { watchPopupTriggers } from '../../client-core/popupTriggers.ts';
import { DEAL_ATTRIBUTE, remember, shownAlready } from './dealMemory.ts';
import { sendLandingEvent } from './landingEvents.ts';

const PromoPopup = lazy(async () => ({ default: (await import('../discount/landing.ts')).LandingPromoPopup }));

type Trigger = 'timer' | 'exit_intent' | 'button';

export function LandingDeal({ triggers = false, className }: { triggers?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const show = useRef((trigger: Trigger) => {
    remember(true);
    setOpen(true);
    sendLandingEvent({ name: 'discount_popup_shown', params: { trigger_type: trigger, page_path: window.location.pathname } });
  }).current;

  useEffect(() => {
    if (!triggers || shownAlready()) return undefined;
    return watchPopupTriggers({ timer: true, exitIntent: true }, (trigger) => {
      if (!shownAlready()) show(trigger);
    });
  }, [triggers, show]);

  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        {...{ [DEAL_ATTRIBUTE]: triggers ? 'auto' : 'button' }}
        onClick={() => {
          // The button clears the "already shown" memory and opens the popup again.
          remember(false);
          show('button');
        }}
      >
        Save More Than 40% - Get Deal
      </button>
      {open && (
        <Suspense fallback={null}>
          <PromoPopup
            open
            onClose={() => setOpen(false)}
            onCodeRequested={(hasEmail) => sendLandingEvent({ name: 'discount_code_requested', params: { contact_method: 'email', has_email: hasEmail } })}
            next={<p><a href="/form">Start Your Essay</a> and use it at checkout.</p>}
          />
        </Suspense>
      )}
    </>
  );
}
