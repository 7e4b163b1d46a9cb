// /referrals: the programme is advertised as coming soon, with a way forward (Create Your Essay) and a way back.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../client-core/routes.ts';
import { Badge, Button, buttonClassName } from '../../ui/index.ts';
import { REFERRAL_REWARD_TEXT } from './referralCopy.ts';

export default function ReferralsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no earlier page in this tab), "back" would leave the app: go to the previous step instead.
  const goBack = () => {
    if (location.key === 'default') void navigate(paths.essayType);
    else void navigate(-1);
  };
  return (
    <section className="page" aria-labelledby="referrals-title">
      <p className="page__eyebrow"><Badge tone="accent">Coming Soon</Badge></p>
      <h1 id="referrals-title">Refer Friends, Earn Credit</h1>
      <p>{REFERRAL_REWARD_TEXT}</p>
      <p>Until then, keep working on your essay.</p>
      <div className="page-actions">
        <Button variant="secondary" onClick={goBack}>Go Back</Button>
        <Link to={paths.form} className={buttonClassName('primary')}>Create Your Essay</Link>
      </div>
    </section>
  );
}
