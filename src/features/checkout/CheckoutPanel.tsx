// /result's checkout panel for free students: the price, a discount code, referral credits, and
// the way to pay: the discounted checkout in this tab, or the full-price Upgrade button's checkout in a new one.
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsKnownFree } from '../../client-core/session.ts';
import { BASE_PRICE_CENTS, formatDollars, LAUNCH_PRICE_CENTS } from '../../common/money/pricing.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { isValidEmail } from '../../common/contract/validation.ts';
import { Button } from '../../ui/index.ts';
import { DiscountCodeForm, PromoButton } from '../discount/components.ts';
import { selectAppliedCode } from '../discount/index.ts';
import { CreditsForm } from '../referrals/components.ts';
import { selectProfile } from '../wizard/index.ts';
import { startDiscountedCheckout } from './checkoutThunks.ts';
import { UpgradeButton } from './UpgradeButton.tsx';

/** Leaves the app for the checkout page (the test checkout or Stripe's). */
const goTo = (url: string) => window.location.assign(url);

export function CheckoutPanel() {
  const dispatch = useAppDispatch();
  const free = useAppSelector(selectIsKnownFree);
  const email = useAppSelector((state) => selectProfile(state).basicInfo.email).trim();
  const code = useAppSelector(selectAppliedCode);
  if (!free) return null;

  const payWithCode = async () => {
    if (!code) return;
    if (!isValidEmail(email)) {
      window.alert(MESSAGES.checkoutNeedsForm);
      return;
    }
    const result = await dispatch(startDiscountedCheckout({ code, email }));
    if (startDiscountedCheckout.fulfilled.match(result)) return goTo(result.payload);
    const failure = result.payload;
    window.alert(failure && failure.status > 0 ? failure.message || MESSAGES.checkoutCreateFailed : MESSAGES.checkoutStartFailed);
  };

  return (
    <section className="card checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title">Get full access</h2>
      <p>
        {code ? <>Your price: <strong>{formatDollars(LAUNCH_PRICE_CENTS)}</strong> <del>{formatDollars(BASE_PRICE_CENTS)}</del></>
          : <>Full access: <strong>{formatDollars(BASE_PRICE_CENTS)}</strong>, or {formatDollars(LAUNCH_PRICE_CENTS)} with a launch code.</>}
      </p>
      <PromoButton />
      <DiscountCodeForm email={email} />
      <div className="page-actions">
        {code
          ? <Button onClick={() => void payWithCode()}>Pay {formatDollars(LAUNCH_PRICE_CENTS)} with your code</Button>
          : <UpgradeButton label={`Upgrade for ${formatDollars(BASE_PRICE_CENTS)}`} />}
      </div>
      <CreditsForm email={email} onCheckout={goTo} />
    </section>
  );
}
