// /admin, the operator's dashboard (lazy route, never in the student bundle). Off when the server has no
// ADMIN_TOKEN, and then it says how to turn it on; otherwise it asks for the token once per browser tab.
// Its calls are the RTK Query API slice's (adminApi.ts), whose state joins the store when the page opens.
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Alert, Button, Field } from '../../ui/index.ts';
import { adminApi, adminDashboardOpened, forgetToken, readToken, saveToken, useAdminStatusQuery } from './adminApi.ts';
import { errorText } from './adminErrors.ts';
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

function Operator() {
  const dispatch = useAppDispatch();
  const status = useAdminStatusQuery();
  const enabled = status.data?.enabled ?? null;
  const [token, setToken] = useState<string | null>(readToken);
  // Why the token form is back (signed out, or the token was refused): what the operator is told, not a request's state.
  const [signedOut, setSignedOut] = useState<string | null>(null);

  const acceptToken = (next: string) => {
    saveToken(next);
    setSignedOut(null);
    setToken(next);
  };
  const onUnauthorised = useCallback((message: string) => {
    forgetToken();
    // What was read with the old token goes with it: the next token reads afresh.
    dispatch(adminApi.util.resetApiState());
    setToken(null);
    setSignedOut(message);
  }, [dispatch]);

  return (
    <main className="admin-page">
      <h1>Operator dashboard</h1>
      {enabled === false && (
        <Alert tone="info" title="The dashboard is switched off">
          Set <code>ADMIN_TOKEN</code> (at least 16 characters) in the server&apos;s environment, restart the server,
          then come back here and enter that token.
        </Alert>
      )}
      {enabled && token === null && <TokenForm onToken={acceptToken} error={signedOut} />}
      {enabled && token !== null && (
        <>
          <Button variant="ghost" onClick={() => onUnauthorised('Signed out of the dashboard.')}>Forget token</Button>
          <Dashboard onUnauthorised={onUnauthorised} />
        </>
      )}
      {enabled === null && status.error && <Alert tone="error">{errorText(status.error)}</Alert>}
    </main>
  );
}

export default function AdminPage() {
  const dispatch = useAppDispatch();
  // The API slice's state appears with the first action after it joined the store (router.tsx).
  const ready = useAppSelector((state) => adminApi.reducerPath in state);
  useEffect(() => {
    if (!ready) dispatch(adminDashboardOpened());
  }, [ready, dispatch]);
  return ready ? <Operator /> : null;
}
