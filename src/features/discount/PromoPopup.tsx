// The promo popup: the launch deal, $29 instead of $49. The student leaves an e-mail and gets a
// LAUNCH2024- code, kept on this device for the checkout panel. Used on the landing page (no store: it
// reports through callbacks) and on /result.
import { type FormEvent, useState } from 'react';
import { apiRequest, endpoints } from '../../api/index.ts';
import { BASE_PRICE_CENTS, DISCOUNT_CODE_VALIDITY_DAYS, formatDollars, LAUNCH_DISCOUNT_PERCENT, LAUNCH_PRICE_CENTS } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { isValidEmail } from '../../shared/validation.ts';
import { Alert, Button, Field, Modal } from '../../ui/index.ts';
import { saveCode } from './storedCode.ts';

export interface PromoPopupProps {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
  /** Told when the student asks for a code (analytics: discount_code_requested). */
  onCodeRequested?: (hasEmail: boolean) => void;
  /** Where the code can be used: a link or button shown under it. */
  next?: React.ReactNode;
}

export default function PromoPopup({ open, onClose, initialEmail = '', onCodeRequested, next }: PromoPopupProps) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    setBusy(true);
    onCodeRequested?.(true);
    try {
      const issued = await apiRequest(endpoints.requestDiscountCode, { body: { email: email.trim() } });
      saveCode(issued.code);
      setCode(issued.code);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Failed to get your code. Please try again.');
    } finally {
      setBusy(false);
    }
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
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Your e-mail" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" disabled={busy}>Get My Code</Button>
        </form>
      )}
    </Modal>
  );
}
