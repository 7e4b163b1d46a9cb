import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackButton } from '../../../src/features/feedback/index.ts';
import { FEEDBACK_MESSAGE_MAX_CHARS } from '../../../src/common/limits/limits.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

const open = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Feedback' }));
  // The form's code comes after the page is live; the dialog opens once it is there.
  return screen.findByRole('dialog', { name: 'Send us feedback' });
};

describe('FeedbackButton', () => {
  beforeEach(() => { vi.useFakeTimers({ shouldAdvanceTime: true }); });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

  it('sends nothing for a blank message and says so', async () => {
    const api = fakeApi({ 'POST /api/feedback/submit': () => json({ ok: true }) });
    const { user } = renderWithProviders(<FeedbackButton />, { route: '/topics' });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/Your feedback/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your feedback');
    expect(api.calls).toEqual([]);
  });

  it('submits, thanks, closes after 3 s, gives focus back and resets 0.5 s later', async () => {
    const api = fakeApi({ 'POST /api/feedback/submit': () => json({ ok: true }) });
    const { user, store } = renderWithProviders(<FeedbackButton />, { route: '/topics' });
    const dialog = await open(user);
    expect(within(dialog).getByLabelText('Type')).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'bug');
    await user.click(within(dialog).getByRole('radio', { name: '4 Very Good' }));
    await user.type(within(dialog).getByLabelText(/Your feedback/), '  The Next button jumped.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await screen.findByText(/Thank you for your feedback/);
    expect(JSON.parse(String(api.calls[0]?.init.body))).toEqual({
      type: 'bug', rating: 4, message: 'The Next button jumped.', email: null, page: 'topics',
      url: window.location.href, user_agent: navigator.userAgent,
    });
    act(() => { vi.advanceTimersByTime(3000); });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Feedback' })).toHaveFocus();
    expect(store.getState().feedback.draft.message).toBe('  The Next button jumped.  ');
    act(() => { vi.advanceTimersByTime(500); });
    expect(store.getState().feedback.draft).toEqual({ type: 'general', rating: 0, message: '', email: '' });
  });

  it('keeps the text and the modal open when sending fails, and a retry works', async () => {
    const api = fakeApi({ 'POST /api/feedback/submit': [networkFailure, () => json({ ok: true })] });
    const { user } = renderWithProviders(<FeedbackButton />);
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText(/Your feedback/), 'Love it');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'maya@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit feedback. Please try again.');
    expect(within(dialog).getByLabelText(/Your feedback/)).toHaveValue('Love it');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await screen.findByText(/Thank you for your feedback/);
    expect(api.calls).toHaveLength(2);
    expect(JSON.parse(String(api.calls[1]?.init.body))).toMatchObject({ email: 'maya@example.com', page: 'unknown' });
  });

  it('Cancel and Escape close it', async () => {
    fakeApi({});
    const { user } = renderWithProviders(<FeedbackButton />);
    await user.click(within(await open(user)).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await open(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('limits the message in code points, as the server counts, keeping an emoji whole, and drops NUL', async () => {
    fakeApi({});
    const { user, store } = renderWithProviders(<FeedbackButton />, { route: '/topics' });
    const box = within(await open(user)).getByLabelText(/Your feedback/);
    expect(box).not.toHaveAttribute('maxLength'); // a native maxlength counts UTF-16 units: half the emoji
    fireEvent.change(box, { target: { value: '🙂'.repeat(FEEDBACK_MESSAGE_MAX_CHARS + 1) } });
    expect(store.getState().feedback.draft.message).toBe('🙂'.repeat(FEEDBACK_MESSAGE_MAX_CHARS));
    fireEvent.change(box, { target: { value: 'Broken\u0000 button' } });
    expect(store.getState().feedback.draft.message).toBe('Broken button');
  });
});

