import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../../src/server/http/csv.ts';

describe('csv', () => {
  it('quotes every cell, doubling the quotes inside', () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('')).toBe('""');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('defuses the formula %j at the start', (formula) => {
    expect(csvCell(formula).startsWith(`"'${formula[0]}`)).toBe(true);
  });

  it.each([
    ['after a semicolon', 'fine;=1+1', `"fine;'=1+1"`],
    ['after a tab', 'fine\t=cmd|"/c calc"!A1', `"fine\t'=cmd|""/c calc""!A1"`],
    ['after a comma', 'fine,@SUM(A1)', `"fine,'@SUM(A1)"`],
    ['after a separator and spaces', 'a;  -2+3', `"a;  '-2+3"`],
    ['after a line break', 'first line\n+1+1', `"first line\n'+1+1"`],
    ['after each of several separators', '=1;+2,-3\t@4', `"'=1;'+2,'-3\t'@4"`],
  ])('defuses a formula %s, where a spreadsheet may split the cell', (_where, text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves separators that start no formula alone', () => {
    expect(csvCell('a;b, c\td')).toBe('"a;b, c\td"');
  });

  it('writes dates as ISO, objects as JSON, nulls as empty cells and numbers as they are (negative ones too)', () => {
    expect(csvRow([new Date('2026-03-01T00:00:00Z'), { a: 1 }, null, 5, -2.5])).toBe('"2026-03-01T00:00:00.000Z","{""a"":1}","","5","-2.5"\r\n');
  });
});
