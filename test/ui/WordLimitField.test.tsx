// The word-limit field the coach's essay choice and the supplemental form share: the range the product accepts,
// said in its hint and held by the control, and what is typed handed back as text.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isWordLimit, WORD_LIMIT_RANGE, WordLimitField } from '../../src/ui/index.ts';

function Harness() {
  const [text, setText] = useState('');
  return <WordLimitField label="Word limit" value={text} error={text === '' || isWordLimit(Number(text)) ? null : `Must be ${WORD_LIMIT_RANGE}.`} onChange={setText} />;
}

describe('WordLimitField', () => {
  it('says and holds the range 50 to 1000, and hands back what is typed', async () => {
    render(<Harness />);
    const field = screen.getByRole('spinbutton', { name: 'Word limit' });
    expect(field).toHaveAttribute('min', '50');
    expect(field).toHaveAttribute('max', '1000');
    expect(field).toHaveAccessibleDescription('A whole number from 50 to 1000, as the college asks.');
    await userEvent.type(field, '20');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a whole number from 50 to 1000.');
    await userEvent.type(field, '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([[50, true], [1000, true], [49, false], [1001, false], [250.5, false]])('isWordLimit(%s) is %s', (value, valid) => {
    expect(isWordLimit(value)).toBe(valid);
  });
});
