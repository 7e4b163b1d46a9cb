// Support: look up a purchase (by transaction id) or a browser (by uid), and grant or revoke its plan through
// the existing POST /api/admin/entitlements call.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Field } from '../../ui/index.ts';
import { lookUp, setPlan } from './adminApi.ts';

type Result = Awaited<ReturnType<typeof lookUp>>;

export function SupportPanel({ token }: { token: string }) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<Result>) => {
    try {
      setResult(await work());
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() !== '') void run(() => lookUp(token, query.trim()));
  };
  const change = (uid: string, plan: 'free' | 'paid') => run(async () => {
    await setPlan(token, uid, plan);
    return lookUp(token, query.trim());
  });

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
