import { describe, expect, it } from 'vitest';
import { DIFF_MAX_CELLS, positionMap } from '../../../src/common/comments/positionMap.ts';

const words = (letter: string, count: number): string => Array.from({ length: count }, (_, index) => `${letter}${index}`).join(' ');

describe('positionMap', () => {
  it('carries a range through insertions and deletions around it, white space and all', () => {
    const before = 'She never said much,  but she watched the water.';
    const after = 'Honestly, she never said much,\nbut she watched the water today.';
    const start = before.indexOf('watched');
    expect(positionMap(before, after).range(start, start + 'watched the'.length)).toEqual({ start: after.indexOf('watched'), end: after.indexOf('watched') + 11 });
    // Part of a word, as a selection may be.
    expect(positionMap(before, after).range(start + 1, start + 4)).toEqual({ start: after.indexOf('watched') + 1, end: after.indexOf('watched') + 4 });
  });

  it('carries nothing whose first or last word the diff did not keep', () => {
    const before = 'She watched the water.';
    const after = 'She studied the water.';
    expect(positionMap(before, after).range(4, 15)).toBeUndefined();
    expect(positionMap(before, after).range(12, 21)).toEqual({ start: 12, end: 21 });
    // A range starting in white space is not carried.
    expect(positionMap(before, after).range(3, 11)).toBeUndefined();
  });

  it('makes no diff past DIFF_MAX_CELLS, whatever the texts share', () => {
    // Two texts of 2 × side + 1 words sharing only the middle one: (2 × side + 1)² cells.
    const side = Math.floor((Math.sqrt(DIFF_MAX_CELLS) - 1) / 2);
    const within = { before: `${words('a', side)} kept ${words('a', side)}`, after: `${words('b', side)} kept ${words('b', side)}` };
    const over = { before: `${words('a', side + 1)} kept ${words('a', side + 1)}`, after: `${words('b', side + 1)} kept ${words('b', side + 1)}` };
    const range = ({ before, after }: { before: string; after: string }) => positionMap(before, after).range(before.indexOf('kept'), before.indexOf('kept') + 4);
    expect(range(within)).toEqual({ start: within.after.indexOf('kept'), end: within.after.indexOf('kept') + 4 });
    expect(range(over)).toBeUndefined();
  });
});
