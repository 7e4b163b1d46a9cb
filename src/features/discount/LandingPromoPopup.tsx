// The promo popup on the landing page, which runs without a store (its JavaScript budget): the request's
// state is kept here, and the call goes through discountApi.ts like the slice's thunk. `onCodeRequested`
// reports the request (the landing page sends it as a beacon).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { requestCodeFor } from './discountApi.ts';
import PromoPopup from './PromoPopup.tsx';

export interface LandingPromoPopupProps {
  open: boolean;
  onClose: () => void;
  onCodeRequested?: (hasEmail: boolean) => void;
  next?: ReactNode;
}

export default function LandingPromoPopup({ open, onClose, onCodeRequested, next }: LandingPromoPopupProps) {
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async (email: string) => {
    setBusy(true);
    const outcome = await requestCodeFor(email, undefined, () => onCodeRequested?.(true));
    setBusy(false);
    if ('code' in outcome) {
      setCode(outcome.code);
      setError(null);
    } else {
      setError(outcome.error);
    }
  };

  return (
    <PromoPopup open={open} onClose={onClose} code={code} error={error} busy={busy} onRequest={(email) => void request(email)} next={next} />
  );
}
