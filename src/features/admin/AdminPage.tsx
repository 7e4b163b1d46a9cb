// /admin, the operator's dashboard (lazy route, never in the student bundle). Off when the server has no
// ADMIN_TOKEN, and then it says how to turn it on; otherwise it asks for the token once per browser tab.
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Field } from '../../ui/index.ts';
import { fetchAdminStatus, forgetToken, readToken, saveToken } from './adminApi.ts';
import { Dashboard } from './Dashboard.tsx';
import './admin.css';

function TokenForm({ onToken, error }: { onToken: (token: string) => void; error: string | null }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== '') onToken(value.trim());
  };
  return (
    <form onSubmit={submit} className="admin-card admin-token">
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="Admin token" type="password" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} />
      <Button type="submit">Open dashboard</Button>
    </form>
  );
}

export default function AdminPage() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [token, setToken] = useState<string | null>(readToken);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchAdminStatus().then((status) => setEnabled(status.enabled)).catch((failure: Error) => setError(failure.message));
  }, []);
  const acceptToken = (next: string) => {
    saveToken(next);
    setError(null);
    setToken(next);
  };
  const onUnauthorised = useCallback((message: string) => {
    forgetToken();
    setToken(null);
    setError(message);
  }, []);

  return (
    <main className="admin-page">
      <h1>Operator dashboard</h1>
      {enabled === false && (
        <Alert tone="info" title="The dashboard is switched off">
          Set <code>ADMIN_TOKEN</code> (at least 16 characters) in the server&apos;s environment, restart the server,
          then come back here and enter that token.
        </Alert>
      )}
      {enabled && token === null && <TokenForm onToken={acceptToken} error={error} />}
      {enabled && token !== null && (
        <>
          <Button variant="ghost" onClick={() => onUnauthorised('Signed out of the dashboard.')}>Forget token</Button>
          <Dashboard token={token} onUnauthorised={onUnauthorised} />
        </>
      )}
      {enabled === null && error && <Alert tone="error">{error}</Alert>}
    </main>
  );
}
