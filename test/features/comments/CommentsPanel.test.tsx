// The readers' comments beside the essay: placed on the text shown (kept words marked, rewritten ones said to be
// changed, never put on other words), named by reader and words for the keyboard and a screen reader, Reply and
// Resolve shown at once and queued for the persistence listener, and shown offline from the device's copy.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentsPanel } from '../../../src/features/comments/CommentsPanel.tsx';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';
import { EDITED, GENERAL, ON_PATIENCE, ON_THE_DOCK, SHARE } from './commentFixtures.ts';

const signedIn = { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('comments beside the essay', () => {
  it('reads the essay’s comments and shows each beside its words on the newer text, the rewritten one as changed', async () => {
    const api = fakeApi({ 'GET /api/comments': () => json({ shares: [SHARE], more: false }) });
    renderWithProviders(<CommentsPanel essayKey="personal" text={EDITED} />, { preloadedState: { session: signedIn } });
    const panel = await screen.findByRole('region', { name: 'Comments from your readers' });
    expect(api.callsTo('GET /api/comments')[0]?.url).toBe('/api/comments?essayKey=personal');

    const onDock = within(panel).getByRole('article', { name: 'Ms. Álvarez, on “on the dock”' });
    expect(onDock).toHaveAccessibleDescription('Which dock? Say where.');
    expect(onDock).toHaveAttribute('tabindex', '0');
    // Beside its paragraph, the words marked in the newer text.
    const row = onDock.closest('.comments-row') as HTMLElement;
    expect(row.querySelector('mark')).toHaveTextContent(/^on the dock$/);
    expect(row).toHaveTextContent('We sat quietly on the dock for hours.');

    const changed = within(panel).getByRole('article', { name: 'Ms. Álvarez, on words you changed: “patience is a kind of listening”' });
    expect(changed).toHaveTextContent('The words this was about were changed');
    expect(changed).toHaveTextContent(ON_PATIENCE.text);
    expect(within(panel).getAllByRole('mark')).toHaveLength(1);

    expect(within(panel).getByRole('article', { name: 'Ms. Álvarez, a general comment' })).toHaveTextContent(GENERAL.text);
  });

  it('Reply and Resolve show at once and wait on the device for the persistence listener', async () => {
    fakeApi({ 'GET /api/comments': () => json({ shares: [SHARE], more: false }) });
    const { user, store } = renderWithProviders(<CommentsPanel essayKey="personal" text={EDITED} />, { preloadedState: { session: signedIn } });
    const onDock = await screen.findByRole('article', { name: 'Ms. Álvarez, on “on the dock”' });

    await user.click(within(onDock).getByRole('button', { name: 'Reply' }));
    const field = within(onDock).getByRole('textbox', { name: 'Your reply' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxLength', '2000');
    await user.click(within(onDock).getByRole('button', { name: 'Send reply' }));
    expect(field).toHaveAccessibleDescription('Write your reply first.');
    await user.type(field, 'The dock at Lake Pleasant.');
    await user.click(within(onDock).getByRole('button', { name: 'Send reply' }));
    expect(within(onDock).getByRole('list', { name: 'Your replies' })).toHaveTextContent('You replied: The dock at Lake Pleasant. (waiting to send)');

    await user.click(within(onDock).getByRole('button', { name: 'Resolve' }));
    expect(onDock).toHaveTextContent('Resolved');
    expect(within(onDock).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();

    expect(store.getState().comments.outbox).toEqual([
      { kind: 'reply', id: expect.any(String), essayKey: 'personal', commentId: ON_THE_DOCK.id, text: 'The dock at Lake Pleasant.', at: expect.any(String) },
      { kind: 'resolve', id: expect.any(String), essayKey: 'personal', commentId: ON_THE_DOCK.id, resolved: true },
    ]);
  });

  it('offline, shows the comments read before from the device’s copy and asks nothing', () => {
    const api = fakeApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<CommentsPanel essayKey="personal" text={EDITED} />, {
      preloadedState: { session: signedIn, comments: { byEssay: { personal: [SHARE] }, outbox: [], refused: null } },
    });
    expect(screen.getByRole('article', { name: 'Ms. Álvarez, on “on the dock”' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows nothing for an essay no reader commented on', async () => {
    const api = fakeApi({ 'GET /api/comments': () => json({ shares: [], more: false }) });
    renderWithProviders(<CommentsPanel essayKey="personal" text={EDITED} />, { preloadedState: { session: signedIn } });
    await vi.waitFor(() => expect(api.callsTo('GET /api/comments')).toHaveLength(1), CONDITION_WAIT);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
