// The promo popup: the launch deal, $29 instead of $49. The student leaves an e-mail and gets a LAUNCH2024-
// code, kept on this device for the checkout panel. It only shows and asks: on /result PromoButton connects
// it to the discount slice; on the landing page, which has no store, LandingPromoPopup does.
import { type FormEvent, useState } from 'react';
import {
  BASE_PRICE_CENTS, DISCOUNT_CODE_VALIDITY_DAYS, formatDollars, LAUNCH_DISCOUNT_PERCENT, LAUNCH_PRICE_CENTS,
} from '../../common/money/pricing.ts';
import { Alert, Button, Field, Modal } from '../../ui/index.ts';

export interface PromoPopupProps {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
  /** The code issued, once there is one. */
  code: string | null;
  /** Why the last request gave no code. */
  error: string | null;
  busy: boolean;
  /** The student asks for a code for this e-mail. */
  onRequest: (email: string) => void;
  /** Where the code can be used: a link or button shown under it. */
  next?: React.ReactNode;
}

export default function PromoPopup({ open, onClose, initialEmail = '', code, error, busy, onRequest, next }: PromoPopupProps) {
  const [email, setEmail] = useState(initialEmail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRequest(email);
  };

  return (
    <Modal open={open} onClose={onClose} title={`Save More Than 40%`} actions={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      <p>
        Launch offer: your essay for <strong>{formatDollars(LAUNCH_PRICE_CENTS)}</strong> instead of {formatDollars(BASE_PRICE_CENTS)}
        {' '}({LAUNCH_DISCOUNT_PERCENT}% off).
      </p>
      {code ? (
        <div aria-live="polite">
          <p>Your discount code: <strong className="promo-code">{code}</strong></p>
          <p>It works in this browser only, is valid for {DISCOUNT_CODE_VALIDITY_DAYS} days and is filled in for you at checkout.</p>
          {next}
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="Your e-mail" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" disabled={busy}>Get My Code</Button>
        </form>
      )}
    </Modal>
  );
}
