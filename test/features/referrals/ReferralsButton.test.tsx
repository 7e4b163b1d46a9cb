import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReferralsButton } from '../../../src/features/referrals/index.ts';

describe('Referrals header button', () => {
  it('opens the Coming Soon dialog and closes it with the keyboard, returning focus', async () => {
    const user = userEvent.setup();
    render(<ReferralsButton />);
    const opener = screen.getByRole('button', { name: 'Referrals' });

    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Coming Soon' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button too', async () => {
    const user = userEvent.setup();
    render(<ReferralsButton />);
    await user.click(screen.getByRole('button', { name: 'Referrals' }));
    await user.keyboard(' ');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Referrals' })).toHaveFocus();
  });
});
