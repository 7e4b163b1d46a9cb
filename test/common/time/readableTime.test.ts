// Moments as a reader writes them: the same words as Intl's en-US long and medium styles, in the device's time
// zone, for every month and both halves of the day.
import { describe, expect, it } from 'vitest';
import { readableTime } from '../../../src/common/time/readableTime.ts';

// Intl writes a narrow no-break space before AM/PM in some ICU versions; a reader sees a space.
const intl = (date: Date, dateStyle: 'long' | 'medium'): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle, timeStyle: 'short' }).format(date).replace(/\s/gu, ' ');

describe('readableTime', () => {
  const moments = Array.from({ length: 12 }, (_, month) => [
    new Date(2026, month, month + 1, 0, 5),
    new Date(2026, month, 28 - month, 12, 0),
    new Date(2027, month, 9, 23, 59),
    new Date(2026, month, 15, 9, 30),
  ]).flat();

  it('writes the long style: "November 28, 2026 at 9:05 AM"', () => {
    for (const date of moments) expect(readableTime(date.toISOString())).toBe(intl(date, 'long'));
    expect(readableTime(new Date(2026, 10, 28, 9, 5).toISOString())).toBe('November 28, 2026 at 9:05 AM');
  });

  it('writes the short style: "Nov 28, 2026, 9:05 AM"', () => {
    for (const date of moments) expect(readableTime(date.toISOString(), 'short')).toBe(intl(date, 'medium'));
  });

  it('gives back a string that is not a moment as it is', () => {
    expect(readableTime('time unknown')).toBe('time unknown');
    expect(readableTime('', 'short')).toBe('');
  });
});
