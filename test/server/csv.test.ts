import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../src/server/csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and newlines, doubling the quotes', () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell('plain')).toBe('plain');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('defuses the formula %j', (formula) => {
    expect(csvCell(formula).replace(/^"/, '').startsWith(`'${formula[0]}`)).toBe(true);
  });

  it('writes dates as ISO, objects as JSON and nulls as empty cells', () => {
    expect(csvRow([new Date('2026-03-01T00:00:00Z'), { a: 1 }, null, 5])).toBe('2026-03-01T00:00:00.000Z,"{""a"":1}",,5\r\n');
  });
});
