import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { renderWizard } from './renderWizard.tsx';

const email = () => screen.getByRole('textbox', { name: /email/i });
const fullName = () => screen.getByRole('textbox', { name: /full name/i });

describe('Step 1: basic information', () => {
  it('marks both fields required with a visible * and aria-required', () => {
    renderWizard();
    for (const field of [fullName(), email()]) {
      expect(field).toHaveAttribute('aria-required', 'true');
      expect(field).toBeRequired();
      expect(field.closest('div')?.querySelector('label')).toHaveTextContent('*');
    }
    expect(screen.getByText(/full name/i, { selector: 'label' })).toHaveTextContent('Full name *');
  });

  it('shows the e-mail message while typing an invalid address, and hides it once valid', async () => {
    const { user } = renderWizard();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(email(), 'ada');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
    expect(email()).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(email()).toBeInvalid();
    await user.type(email(), '@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email()).not.toHaveAccessibleDescription();
  });

  it('rejects an address with a space', async () => {
    const { user } = renderWizard();
    await user.type(email(), 'ada lovelace@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
  });

  it('shows the e-mail message on blur when left empty', async () => {
    const { user } = renderWizard();
    await user.click(email());
    expect(screen.queryByText(MESSAGES.invalidEmail)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(MESSAGES.invalidEmail)).toHaveAttribute('role', 'alert');
  });

  it('asks for the full name on blur when left blank', async () => {
    const { user } = renderWizard();
    await user.type(fullName(), '  ');
    await user.tab();
    expect(fullName()).toHaveAccessibleDescription('Please enter your full name');
  });
});
