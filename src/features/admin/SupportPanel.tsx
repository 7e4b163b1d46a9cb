// Support: look up a purchase (by transaction id) or a browser (by uid), and grant or revoke its plan through
// the existing POST /api/admin/entitlements call; the look-up is read again once the plan changed.
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Field } from '../../ui/index.ts';
import { useSetPlanMutation, useSupportQuery } from './adminApi.ts';
import { errorText } from './adminErrors.ts';

export function SupportPanel() {
  const [query, setQuery] = useState('');
  // What was last looked up: the field may have changed since.
  const [searched, setSearched] = useState<string | null>(null);
  const lookUp = useSupportQuery(searched ?? skipToken);
  const [setPlan, planChange] = useSetPlanMutation();
  const result = lookUp.data ?? null;
  const failure = lookUp.error ?? planChange.error;
  const error = failure ? errorText(failure) : null;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const wanted = query.trim();
    if (wanted === '') return;
    // The same id again reads it again (it may have changed meanwhile).
    if (wanted === searched) void lookUp.refetch();
    else setSearched(wanted);
  };
  const change = (uid: string, plan: 'free' | 'paid') => setPlan({ uid, plan });

  return (
    <section aria-labelledby="support-title" className="admin-card">
      <h2 id="support-title">Support</h2>
      <form onSubmit={onSearch} className="admin-filters">
        <Field label="Transaction id or user id" value={query} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit">Look up</Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      {result && result.uid === null && <p>Nothing found for that id.</p>}
      {result?.uid && (
        <div>
          <p>User <code>{result.uid}</code>: plan <strong>{result.plan}</strong></p>
          <ul>
            {result.purchases.map((p) => (
              <li key={p.transactionId}>{p.transactionId}: ${p.value.toFixed(2)}{p.discountApplied ? ' (discounted)' : ''} on {p.at.slice(0, 10)}</li>
            ))}
          </ul>
          {result.plan === 'paid'
            ? <Button variant="secondary" onClick={() => void change(result.uid as string, 'free')}>Revoke paid plan</Button>
            : <Button onClick={() => void change(result.uid as string, 'paid')}>Grant paid plan</Button>}
        </div>
      )}
    </section>
  );
}
