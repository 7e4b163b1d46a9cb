// "Share for comments" on the version shown: the form, the link with its copy button, the list of links with
// "Stop sharing", and the button offline.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharePanel } from '../../../src/features/shares/SharePanel.tsx';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const SHARE_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const LINK = { id: SHARE_ID, essayKey: 'personal', versionId: 'version-0001', readerName: 'Ms. Álvarez', createdAt: '2026-03-01T09:00:00.000Z', expiresAt: '2026-03-08T09:00:00.000Z', state: 'live', comments: 2 };
const OTHER_ESSAY = { ...LINK, id: 'BBBBBBBBBBBBBBBBBBBBBB', essayKey: 'supplemental-0123456789abcdef', readerName: 'Coach Lee' };

const panel = <SharePanel essayKey="personal" versionId="version-0001" text="My essay." title="A prompt" />;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Share for comments', () => {
  it('makes a link for the version shown with the reader’s name and days, shows it absolute with a copy button, and lists it', async () => {
    const api = fakeApi({
      'GET /api/shares': [() => json({ shares: [OTHER_ESSAY] }), () => json({ shares: [LINK, OTHER_ESSAY] })],
      'POST /api/shares': () => json({ id: SHARE_ID, url: `/read#${SHARE_ID}.secret`, expiresAt: LINK.expiresAt }, 201),
    });
    const { user } = renderWithProviders(panel);
    const share = screen.getByRole('button', { name: 'Share for comments' });
    expect(share).toHaveAttribute('aria-expanded', 'false');
    await user.click(share);
    const form = screen.getByRole('form', { name: 'Share this version' });
    expect(within(form).getByRole('spinbutton', { name: 'Link expires after (days)' })).toHaveValue(7);
    const name = within(form).getByRole('textbox', { name: 'Reader\'s name (optional)' });
    expect(name).toHaveAttribute('maxLength', '60');
    await user.type(name, 'Ms. Álvarez');
    const days = within(form).getByRole('spinbutton', { name: 'Link expires after (days)' });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));

    const link = await screen.findByRole('textbox', { name: 'Link for your reader' });
    expect(link).toHaveValue(`${window.location.origin}/read#${SHARE_ID}.secret`);
    expect(link).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    const [sent] = api.callsTo('POST /api/shares');
    expect(JSON.parse(String(sent!.init.body))).toEqual({
      essayKey: 'personal', versionId: 'version-0001', text: 'My essay.', title: 'A prompt', readerName: 'Ms. Álvarez', expiresInDays: 14,
    });

    // This essay's links only, with what each says.
    const links = await screen.findByRole('list');
    await vi.waitFor(() => expect(within(links).getAllByRole('listitem')).toHaveLength(1), CONDITION_WAIT);
    expect(within(links).getByRole('listitem')).toHaveTextContent(/Ms\. Álvarez.*Live · created Mar 1, 2026.*expires Mar 8, 2026.*2 comments/);
  });

  it('refuses an expiry outside 1 to 30 days before sending anything', async () => {
    const api = fakeApi({ 'GET /api/shares': () => json({ shares: [] }) });
    const { user } = renderWithProviders(panel);
    await user.click(screen.getByRole('button', { name: 'Share for comments' }));
    const days = screen.getByRole('spinbutton', { name: 'Link expires after (days)' });
    await user.clear(days);
    await user.type(days, '31');
    expect(days).toHaveAccessibleDescription('Choose from 1 to 30 days.');
    expect(screen.getByRole('button', { name: 'Create link' })).toBeDisabled();
    expect(api.callsTo('POST /api/shares')).toEqual([]);
  });

  it('"Stop sharing" ends a link, and the list says it stopped', async () => {
    const api = fakeApi({
      'GET /api/shares': [() => json({ shares: [LINK] }), () => json({ shares: [{ ...LINK, state: 'stopped' }] })],
      [`DELETE /api/shares/${SHARE_ID}`]: () => json({ stopped: true }),
    });
    const { user } = renderWithProviders(panel);
    await user.click(await screen.findByRole('button', { name: 'Stop sharing', description: 'Ms. Álvarez' }));
    await vi.waitFor(() => expect(screen.getByRole('listitem')).toHaveTextContent(/^Ms\. Álvarez\s*Stopped/), CONDITION_WAIT);
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect(api.callsTo(`DELETE /api/shares/${SHARE_ID}`)).toHaveLength(1);
  });

  it('says why a link could not be made (the 20 live links)', async () => {
    fakeApi({
      'GET /api/shares': () => json({ shares: [] }),
      'POST /api/shares': () => json({ error: 'You can have at most 20 links at once. Stop sharing one to make another.', code: 'too_many_shares' }, 409),
    });
    const { user } = renderWithProviders(panel);
    await user.click(screen.getByRole('button', { name: 'Share for comments' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('The link could not be made: You can have at most 20 links at once. Stop sharing one to make another.')).toBeInTheDocument();
  });

  it('offline, the button is disabled and says "Connect to share", and nothing is asked', async () => {
    const api = fakeApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(panel);
    expect(screen.getByRole('button', { name: 'Connect to share' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Share for comments' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('an edit not kept as a version yet has nothing to share', () => {
    fakeApi({ 'GET /api/shares': () => json({ shares: [] }) });
    renderWithProviders(<SharePanel essayKey="personal" versionId={null} text="Typed, not kept." />);
    expect(screen.getByRole('button', { name: 'Share for comments' })).toBeDisabled();
    expect(screen.getByText('Save your edit first: a link shares a kept version.')).toBeInTheDocument();
  });
});
