// Referral credits at checkout: a slider from 0 to min(available, $49) in steps of $1; applying
// starts a checkout at the reduced price (or grants the plan outright when credits cover it all).
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../../app/session/index.ts';
import { BASE_PRICE_CENTS, CREDIT_CAP_CENTS, CREDIT_STEP_CENTS, formatDollars } from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { Alert, Button } from '../../ui/index.ts';
import { fetchReferralInfo, startCreditsCheckout } from './checkoutThunks.ts';

export function CreditsForm({ email, onCheckout }: { email: string; onCheckout: (url: string) => void }) {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const [available, setAvailable] = useState(0);
  const [credits, setCredits] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const request = dispatch(fetchReferralInfo());
    void request.then((result) => {
      if (fetchReferralInfo.fulfilled.match(result)) setAvailable(result.payload.credits_available);
    });
    return () => request.abort();
  }, [dispatch]);

  const max = Math.floor(Math.min(available, CREDIT_CAP_CENTS) / CREDIT_STEP_CENTS) * CREDIT_STEP_CENTS;
  if (max <= 0) return null;

  const apply = async () => {
    if (!uid) return setError(MESSAGES.notAuthenticated);
    setError(null);
    const result = await dispatch(startCreditsCheckout({ creditsCents: credits, uid, email }));
    if (startCreditsCheckout.fulfilled.match(result)) return onCheckout(result.payload.checkoutUrl);
    return setError(result.payload?.message || MESSAGES.creditsFailed);
  };

  return (
    <div className="credits-form">
      <label htmlFor="credits-slider">Credits to use: {formatDollars(credits)} of {formatDollars(available)}</label>
      <input
        id="credits-slider"
        type="range"
        min={0}
        max={max}
        step={CREDIT_STEP_CENTS}
        value={credits}
        aria-valuetext={formatDollars(credits)}
        onChange={(event) => setCredits(Number(event.target.value))}
      />
      <Button variant="secondary" onClick={() => void apply()} disabled={credits === 0}>
        Apply credits and pay {formatDollars(BASE_PRICE_CENTS - credits)}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
