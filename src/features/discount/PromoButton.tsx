// /result's 'Save More Than 40%' button: opens the promo popup on demand and marks it shown for this
// browser session. The timer and exit-intent triggers are available as options (off on /result by default).
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectProfile } from '../wizard/index.ts';
import { Button } from '../../ui/index.ts';
import { discountCodeRequested, discountPopupShown, type PopupTrigger } from './discountActions.ts';
import PromoPopup from './PromoPopup.tsx';
import { markPopupShown } from './storedCode.ts';
import { usePopupTriggers } from './usePopupTriggers.ts';

export function PromoButton({ timer = false, exitIntent = false }: { timer?: boolean; exitIntent?: boolean }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const email = useAppSelector((state) => selectProfile(state).basicInfo.email);
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
        onCodeRequested={(hasEmail) => dispatch(discountCodeRequested({ contact_method: 'email', has_email: hasEmail }))}
        next={<p>Enter it in the checkout panel below.</p>}
      />
    </>
  );
}
