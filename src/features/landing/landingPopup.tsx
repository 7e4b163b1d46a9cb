// The landing page's promo popup as an island: React, the popup, the API client and the design system load
// only when the popup is about to open. It mounts into a container of its own at the end of <body>, so the
// pre-rendered page is never touched; closing it unmounts and removes the container.
import { createRoot } from 'react-dom/client';
import { LandingPromoPopup } from '../discount/landing.ts';
import { sendLandingEvent } from './landingEvents.ts';

/** Opens the popup; the function returned closes it (as its own close button does). */
export default function mountPromoPopup(onClosed: () => void): () => void {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
    onClosed();
  };
  root.render(
    <LandingPromoPopup
      open
      onClose={close}
      onCodeRequested={(hasEmail: boolean) => sendLandingEvent({ name: 'discount_code_requested', params: { contact_method: 'email', has_email: hasEmail } })}
      next={<p><a href="/form">Start Your Essay</a> and use it at checkout.</p>}
    />,
  );
  return close;
}
