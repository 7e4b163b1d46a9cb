// "This is a shared computer" on the questionnaire's first screen, found by its role and label: ticking it moves
// the answers into the tab, erases the browser's other storage and tells the server (once signed in); Sign out
// then shows in the header, and asks before signing out; the box is on the first step only; axe finds nothing.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSignedOut } from '../../../src/api/index.ts';
import { DEVICE_COPY_KEYS, deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { isSharedComputer } from '../../../src/client-core/sharedComputer.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { makeStore } from '../../../src/app/store.ts';
import { paths } from '../../../src/client-core/routes.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const [KEY = ''] = DEVICE_COPY_KEYS;
const signedIn = { uid: 'anon_12345678', plan: 'free' as const, status: 'succeeded' as const, planStatus: 'succeeded' as const, error: null };

afterEach(async () => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  await deviceStorage.clear();
});

async function formWithCopy() {
  const store = makeStore({ session: signedIn });
  const persistence = startPersistence(store);
  await persistence.rehydrated;
  const view = renderApp({ route: paths.form, store });
  return { ...view, persistence };
}

describe('This is a shared computer, on the questionnaire', () => {
  it('moves the answers typed so far into the tab, erases the rest and tells the server', async () => {
    const api = fakeApi({ 'PUT /api/session/shared': () => json({ shared: true }) });
    window.localStorage.setItem('analytics-consent', 'granted');
    const { user, persistence } = await formWithCopy();
    await user.type(await screen.findByRole('textbox', { name: /full name/i }), 'Maya');
    const box = screen.getByRole('checkbox', { name: 'This is a shared computer' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/closing the tab removes it from this computer/);

    await user.click(box);
    await vi.waitFor(() => expect(api.callsTo('PUT /api/session/shared')).toHaveLength(1), CONDITION_WAIT);
    expect(JSON.parse(api.callsTo('PUT /api/session/shared')[0]?.init.body as string)).toEqual({ shared: true });
    expect(box).toBeChecked();
    expect(isSharedComputer()).toBe(true);
    expect(window.sessionStorage.getItem(KEY)).toContain('Maya');
    expect(window.localStorage.length).toBe(0);
    expect(await deviceStorage.getItem(KEY)).toBeNull();

    // Typing goes on into the tab, nowhere else.
    await user.type(screen.getByRole('textbox', { name: /full name/i }), ' Lin');
    await persistence.persistor.flush();
    expect(window.sessionStorage.getItem(KEY)).toContain('Maya Lin');
    expect(await deviceStorage.getItem(KEY)).toBeNull();
    persistence.stop();
  });

  it('shows Sign out in the header, which offers to stay and signs out only when confirmed', async () => {
    const api = fakeApi({
      'PUT /api/session/shared': () => json({ shared: true }),
      'DELETE /api/session': () => new Response(null, { status: 204 }),
    });
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    const { user, persistence } = await formWithCopy();
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Sign out' })).toBeNull();

    await user.click(await screen.findByRole('checkbox', { name: 'This is a shared computer' }));
    await user.click(await within(header).findByRole('button', { name: 'Sign out' }, CONDITION_WAIT));
    const dialog = screen.getByRole('dialog', { name: 'Sign out of this shared computer' });
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/session')).toEqual([]);

    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce(), CONDITION_WAIT);
    expect(api.callsTo('DELETE /api/session')).toHaveLength(1);
    persistence.stop();
  });

  it('is on the first step only, and the page stays axe-clean with it', async () => {
    fakeApi({});
    const { user, container, persistence } = await formWithCopy();
    expect(await screen.findByRole('checkbox', { name: 'This is a shared computer' })).toBeVisible();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /full name/i }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('checkbox', { name: 'This is a shared computer' })).toBeNull();
    persistence.stop();
  });
});
