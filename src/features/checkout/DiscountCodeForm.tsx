// The checkout panel's discount code: forced to upper case; empty or malformed codes are caught
// here ('Please enter a discount code', 'Invalid discount code format'); the server validates the rest. Applied locks the input; editing resets it.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { CURRENCY, dollars } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { isDiscountCode } from '../../shared/validation.ts';
import { Alert, Button, Field } from '../../ui/index.ts';
import { discountCodeUsed, storedCode } from '../discount/index.ts';

export function DiscountCodeForm({ email, onApplied }: { email: string; onApplied: (code: string | null) => void }) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (value: string) => {
    if (value.trim() === '') return setError(MESSAGES.discountEmpty);
    if (!isDiscountCode(value)) return setError(MESSAGES.discountFormat);
    setBusy(true);
    setError(null);
    try {
      const offer = await apiRequest(endpoints.validateDiscount, { body: { code: value, user_email: email } });
      if (!offer.valid) return setError(offer.error || MESSAGES.discountInvalid);
      setApplied(true);
      onApplied(value);
      dispatch(discountCodeUsed({ discount_code: value, discount_amount: dollars(offer.discount_amount ?? 0), currency: CURRENCY }));
    } catch (caught) {
      const failure = toApiErrorValue(caught);
      setError(failure.status >= 400 && failure.status < 500 ? failure.message : MESSAGES.discountCallFailed);
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  // A code this browser received in the last 30 days is filled in and applied by itself.
  const reused = useRef(false);
  useEffect(() => {
    const saved = storedCode();
    if (reused.current || saved === null) return;
    reused.current = true;
    setCode(saved);
    void apply(saved);
    // Once, on arrival: later edits are the student's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(code);
  };

  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      <Field
        label="Discount code"
        value={code}
        readOnly={applied}
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => {
          setCode(event.target.value.toUpperCase());
          if (applied) {
            setApplied(false);
            onApplied(null);
          }
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary" disabled={applied || busy}>{applied ? 'Applied' : 'Apply'}</Button>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
