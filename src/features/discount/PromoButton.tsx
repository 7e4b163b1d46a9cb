// /result's 'Save More Than 40%' button: opens the promo popup on demand and marks it shown for this
// browser session. The timer and exit-intent triggers are available as options (off on /result by default).
// The popup's code is fetched once the page is shown, not before the page goes live (the button is below the
// essay); a click in the moment before it arrives opens the popup as it does.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectProfile } from '../wizard/index.ts';
import { Button, loadedAfterShown } from '../../ui/index.ts';
import { discountPopupShown, type PopupTrigger } from './discountActions.ts';
import { requestDiscountCode, selectCodeRequest } from './discountSlice.ts';
import { markPopupShown } from './storedCode.ts';
import { usePopupTriggers } from './usePopupTriggers.ts';

const PromoPopup = loadedAfterShown(async () => (await import('./PromoPopup.tsx')).default);

export function PromoButton({ timer = false, exitIntent = false }: { timer?: boolean; exitIntent?: boolean }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const email = useAppSelector((state) => selectProfile(state).basicInfo.email);
  const request = useAppSelector(selectCodeRequest);
  const [open, setOpen] = useState(false);

  const show = (trigger: PopupTrigger) => {
    markPopupShown('result');
    setOpen(true);
    dispatch(discountPopupShown({ trigger_type: trigger, page_path: pathname }));
  };
  usePopupTriggers({ page: 'result', timer, exitIntent, onTrigger: show });

  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => show('button')}>Save More Than 40%</Button>
      <PromoPopup
        open={open}
        onClose={() => setOpen(false)}
        initialEmail={email}
        code={request.code}
        error={request.error}
        busy={request.status === 'pending'}
        onRequest={(address) => void dispatch(requestDiscountCode({ email: address }))}
        next={<p>Enter it in the checkout panel below.</p>}
      />
    </>
  );
}
