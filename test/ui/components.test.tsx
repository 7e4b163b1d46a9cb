import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Alert, Badge, Button, Field, ProgressBar, TextAreaField } from '../../src/ui/index.ts';

describe('Field', () => {
  it('labels the input, marks it required, and ties hint and error to it', () => {
    render(<Field label="Full name" required hint="As on your application" error="Please enter your name" />);
    const input = screen.getByRole('textbox', { name: /Full name/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on your application Please enter your name');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name');
  });

  it('is valid and quiet without an error', () => {
    render(<TextAreaField label="Your story" />);
    const textarea = screen.getByRole('textbox', { name: 'Your story' });
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(textarea).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ProgressBar', () => {
  it('exposes its value to assistive technology, clamped to the range', () => {
    render(<ProgressBar label="Generating topics" value={140} />);
    const bar = screen.getByRole('progressbar', { name: 'Generating topics' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });
});

describe('Alert, Badge and Button', () => {
  it('announces errors as alerts and other messages as status', () => {
    render(<><Alert tone="error">Failed</Alert><Alert>Saved</Alert></>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('renders a badge and a non-submitting button by default', () => {
    render(<form><Button>Go</Button><Badge tone="success">Paid</Badge></form>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
    expect(screen.getByText('Paid')).toHaveClass('ui-badge', 'ui-badge--success');
  });
});
