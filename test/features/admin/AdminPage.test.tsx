// The operator's dashboard through its RTK Query API slice: the slice joins the store with the page's chunk,
// every call goes through the typed client (the token as a header, answers checked against the contract), a
// refused token sends the operator back to the token form, filters ask again, and a plan changed in support
// reads the look-up again. The real store and routes, the network faked at the HTTP boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import type { Handler } from '../../app/fakeApi.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const TOKEN = 'operator-token-0123456789';
const TOKEN_KEY = 'essay-studio-admin-token';

const overview: Record<string, Handler> = {
  'GET /api/admin/funnel': () => json({ steps: [{ step: 'visit', label: 'Visited', users: 40, conversion: null }] }),
  'GET /api/admin/trends': () => json({ days: [{ day: '2026-03-01', visitors: 40, events: 90, purchases: 2, revenue: 58 }] }),
  'GET /api/admin/revenue': () => json({ purchases: 2, revenue: 58, averagePrice: 29, discounted: 2, currency: 'USD', refunds: 0 }),
  'GET /api/admin/usage': () => json({ counts: [{ name: 'discount_code_used', count: 2 }] }),
  'GET /api/admin/feedback': () => json({ items: [] }),
};
const enabled = { 'GET /api/admin-status': () => json({ enabled: true }) };

afterEach(() => {
  vi.unstubAllGlobals();
});

const headersOf = (call: { init: RequestInit }) => call.init.headers as Record<string, string>;

describe('/admin', () => {
  it('asks for the token, then shows the dashboard from calls that carry it as a header', async () => {
    const api = fakeApi({ ...enabled, ...overview });
    const { store, user } = renderApp({ route: paths.admin });
    await user.type(await screen.findByLabelText('Admin token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Open dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Funnel' })).toBeInTheDocument();
    expect(screen.getByText('$58.00')).toBeInTheDocument();
    expect(screen.getByText('Discount codes used')).toBeInTheDocument();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    for (const path of ['/api/admin/funnel', '/api/admin/trends', '/api/admin/revenue', '/api/admin/usage']) {
      expect(headersOf(api.callsTo(`GET ${path}`)[0]!)).toMatchObject({ authorization: `Bearer ${TOKEN}` });
    }
    // The answers live in the store's API slice, the token does not.
    expect(store.getState()).toHaveProperty('adminApi');
    expect(JSON.stringify(store.getState())).not.toContain(TOKEN);
  });

  it('says how to turn the dashboard on when the server has no token', async () => {
    fakeApi({ 'GET /api/admin-status': () => json({ enabled: false }) });
    renderApp({ route: paths.admin });
    expect(await screen.findByText('The dashboard is switched off')).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin token')).not.toBeInTheDocument();
  });

  it('goes back to the token form with the server’s words when the token is refused, and reads afresh with the next', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'wrong-token-0123456789');
    const api = fakeApi({
      ...enabled,
      ...overview,
      'GET /api/admin/funnel': ({ init }) => (headersOf({ init }).authorization === `Bearer ${TOKEN}`
        ? overview['GET /api/admin/funnel']!({ url: '', init })
        : json({ error: 'The admin token is wrong.', code: 'unauthorized' }, 401)),
    });
    const { user } = renderApp({ route: paths.admin });
    expect(await screen.findByText('The admin token is wrong.')).toBeInTheDocument();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    await user.type(screen.getByLabelText('Admin token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Open dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Funnel' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/funnel')).toHaveLength(2);
  });

  it('refuses an answer that breaks the contract, saying so', async () => {
    sessionStorage.setItem(TOKEN_KEY, TOKEN);
    fakeApi({ ...enabled, ...overview, 'GET /api/admin/revenue': () => json({ purchases: 'many' }) });
    renderApp({ route: paths.admin });
    expect(await screen.findByText('The server sent an unexpected answer.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Funnel' })).not.toBeInTheDocument();
  });

  it('asks the inbox again for each filter', async () => {
    sessionStorage.setItem(TOKEN_KEY, TOKEN);
    const api = fakeApi({ ...enabled, ...overview });
    const { user } = renderApp({ route: paths.admin });
    const inbox = await screen.findByRole('region', { name: 'Feedback inbox' });
    await user.selectOptions(within(inbox).getByLabelText(/Type/), 'bug');
    await vi.waitFor(() => expect(api.callsTo('GET /api/admin/feedback')).toHaveLength(2), CONDITION_WAIT);
    expect(api.callsTo('GET /api/admin/feedback')[1]?.url).toBe('/api/admin/feedback?type=bug');
  });

  it('grants a plan from support and reads the look-up again', async () => {
    sessionStorage.setItem(TOKEN_KEY, TOKEN);
    let plan = 'free';
    const api = fakeApi({
      ...enabled,
      ...overview,
      'GET /api/admin/support': () => json({ uid: 'anon_12345678', plan, purchases: [] }),
      'POST /api/admin/entitlements': ({ init }) => {
        plan = (JSON.parse(String(init.body)) as { plan: string }).plan;
        return json({ uid: 'anon_12345678', plan });
      },
    });
    const { user } = renderApp({ route: paths.admin });
    const support = await screen.findByRole('region', { name: 'Support' });
    await user.type(within(support).getByLabelText('Transaction id or user id'), 'anon_12345678');
    await user.click(within(support).getByRole('button', { name: 'Look up' }));
    await user.click(await within(support).findByRole('button', { name: 'Grant paid plan' }));
    expect(await within(support).findByRole('button', { name: 'Revoke paid plan' })).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST /api/admin/entitlements')[0]?.init.body))).toEqual({ uid: 'anon_12345678', plan: 'paid', reason: 'support view' });
    expect(headersOf(api.callsTo('POST /api/admin/entitlements')[0]!)).toMatchObject({ authorization: `Bearer ${TOKEN}` });
    expect(api.callsTo('GET /api/admin/support')).toHaveLength(2);
  });
});
