// The dashboard once the token is accepted: funnel, daily trends, revenue, discount and referral usage,
// the feedback inbox, support, and CSV exports. A token the server refuses sends the operator back to the
// token form.
import { useEffect } from 'react';
import { Alert, Button } from '../../ui/index.ts';
import { useExportCsvMutation, useOverviewQuery } from './adminApi.ts';
import { errorText, isUnauthorised } from './adminErrors.ts';
import { DailyChart, FunnelChart } from './charts.tsx';
import { FeedbackInbox } from './FeedbackInbox.tsx';
import { SupportPanel } from './SupportPanel.tsx';

const USAGE_LABELS: Record<string, string> = {
  discount_popup_shown: 'Discount popup shown', discount_code_requested: 'Discount codes requested',
  discount_code_used: 'Discount codes used', referral_shared: 'Referrals shared',
  referral_converted: 'Referrals converted', credits_applied: 'Credits applied',
};

export function Dashboard({ onUnauthorised }: { onUnauthorised: (message: string) => void }) {
  const { data: overview, error: overviewError } = useOverviewQuery();
  const [download, exported] = useExportCsvMutation();
  const refused = isUnauthorised(overviewError);

  useEffect(() => {
    if (refused && overviewError) onUnauthorised(errorText(overviewError));
  }, [refused, overviewError, onUnauthorised]);

  const error = (overviewError && !refused ? overviewError : undefined) ?? exported.error;
  return (
    <>
      {error && <Alert tone="error">{errorText(error)}</Alert>}
      {overview && (
        <div className="admin-grid">
          <section aria-labelledby="funnel-heading" className="admin-card admin-card--wide">
            <h2 id="funnel-heading">Funnel</h2>
            <FunnelChart steps={overview.funnel} />
          </section>
          <section aria-labelledby="trends-heading" className="admin-card admin-card--wide">
            <h2 id="trends-heading">Daily trends</h2>
            <DailyChart days={overview.days} field="visitors" label="Visitors" />
            <DailyChart days={overview.days} field="revenue" label="Revenue (USD)" />
          </section>
          <section aria-labelledby="revenue-heading" className="admin-card">
            <h2 id="revenue-heading">Revenue</h2>
            <dl className="admin-figures">
              <dt>Revenue (net of refunds)</dt><dd>${overview.revenue.revenue.toFixed(2)}</dd>
              <dt>Purchases</dt><dd>{overview.revenue.purchases}</dd>
              <dt>Refunded or disputed</dt><dd>{overview.revenue.refunds ?? 0}</dd>
              <dt>Average price paid</dt><dd>{overview.revenue.averagePrice === null ? '–' : `$${overview.revenue.averagePrice.toFixed(2)}`}</dd>
              <dt>With a discount</dt><dd>{overview.revenue.discounted}</dd>
            </dl>
          </section>
          <section aria-labelledby="usage-heading" className="admin-card">
            <h2 id="usage-heading">Discounts and referrals</h2>
            <dl className="admin-figures">
              {overview.usage.map((item) => (
                <div key={item.name}><dt>{USAGE_LABELS[item.name] ?? item.name}</dt><dd>{item.count}</dd></div>
              ))}
            </dl>
          </section>
          <FeedbackInbox />
          <SupportPanel />
          <section aria-labelledby="export-heading" className="admin-card">
            <h2 id="export-heading">Export</h2>
            <Button variant="secondary" onClick={() => void download('feedback.csv')}>Download feedback CSV</Button>{' '}
            <Button variant="secondary" onClick={() => void download('events.csv')}>Download events CSV (30 days)</Button>
          </section>
        </div>
      )}
    </>
  );
}
