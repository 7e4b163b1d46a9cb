// Referral credits at checkout: a slider from 0 to the smaller of the balance and the full price, in steps of
// $1; applying starts a checkout at the reduced price (or grants the plan outright when credits cover it
// all). The referrals slice holds it all: this form only dispatches and selects.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { CREDIT_STEP_CENTS, formatDollars } from '../../common/money/pricing.ts';
import { Alert, Button, usePageLive } from '../../ui/index.ts';
import {
  applyReferralCredits, creditsSelected, fetchReferralInfo, selectCreditsAvailable, selectCreditsError, selectCreditsMax,
  selectCreditsSelected, selectPriceAfterCredits,
} from './referralsSlice.ts';

export function CreditsForm({ email, onCheckout }: { email: string; onCheckout: (url: string) => void }) {
  const dispatch = useAppDispatch();
  const available = useAppSelector(selectCreditsAvailable);
  const credits = useAppSelector(selectCreditsSelected);
  const max = useAppSelector(selectCreditsMax);
  const price = useAppSelector(selectPriceAfterCredits);
  const error = useAppSelector(selectCreditsError);
  const live = usePageLive();

  useEffect(() => {
    if (!live) return undefined;
    const request = dispatch(fetchReferralInfo());
    return () => request.abort();
  }, [dispatch, live]);

  if (max <= 0) return null;

  const apply = async () => {
    const result = await dispatch(applyReferralCredits({ email }));
    if (applyReferralCredits.fulfilled.match(result)) onCheckout(result.payload.checkoutUrl);
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
        onChange={(event) => dispatch(creditsSelected(Number(event.target.value)))}
      />
      <Button variant="secondary" onClick={() => void apply()} disabled={credits === 0}>
        Apply credits and pay {formatDollars(price)}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
