// Offsets in an older text carried into a newer one through the word diff between them (wordDiff.ts): a word
// the diff keeps is the same word in both, so a comment on it follows it wherever the edits around it put it.
import { wordDiff } from '../text/wordDiff.ts';

interface Word { start: number; end: number }

/**
 * The most cells of the diff's table (words of the older text by words of the newer, after the words both start
 * and end with): 4 million, 8 MB of 16-bit lengths and some tens of milliseconds. Two essays of 2,000 words,
 * entirely different, fill it; beyond it no offset is carried and the quote is looked for instead.
 */
export const DIFF_MAX_CELLS = 4_000_000;

// The words exactly as wordDiff cuts them: runs of anything but white space.
const wordsOf = (text: string): Word[] => [...text.matchAll(/\S+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));

function middleCells(before: string, after: string, a: Word[], b: Word[]): number {
  const same = (i: number, j: number): boolean => before.slice(a[i]!.start, a[i]!.end) === after.slice(b[j]!.start, b[j]!.end);
  let head = 0;
  while (head < a.length && head < b.length && same(head, head)) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && same(a.length - 1 - tail, b.length - 1 - tail)) tail += 1;
  return (a.length - head - tail) * (b.length - head - tail);
}

export interface PositionMap {
  /** Where before[start, end) is in the newer text, when the diff kept the words at both of its ends. */
  range(start: number, end: number): { start: number; end: number } | undefined;
}

export function positionMap(before: string, after: string): PositionMap {
  const a = wordsOf(before);
  const b = wordsOf(after);
  // kept[i]: the index in `b` of the word the diff keeps `a[i]` as, or -1.
  const kept = new Int32Array(a.length).fill(-1);
  if (middleCells(before, after, a, b) <= DIFF_MAX_CELLS) {
    let i = 0;
    let j = 0;
    for (const part of wordDiff(before, after)) {
      // A part's words are joined with single spaces and hold no white space of their own.
      const count = part.text.split(' ').length;
      if (part.op === 'same') for (let k = 0; k < count; k += 1) kept[i + k] = j + k;
      if (part.op !== 'added') i += count;
      if (part.op !== 'removed') j += count;
    }
  }
  /** The word of `a` holding offset `at` (binary search), or -1 when `at` is white space. */
  const wordAt = (at: number): number => {
    let low = 0;
    let high = a.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const word = a[middle]!;
      if (at < word.start) high = middle - 1;
      else if (at >= word.end) low = middle + 1;
      else return middle;
    }
    return -1;
  };
  /** Where the character at `at` is in the newer text, when it is in a word the diff kept. */
  const carry = (at: number): number | undefined => {
    const index = wordAt(at);
    const to = index < 0 ? -1 : kept[index]!;
    return to < 0 ? undefined : b[to]!.start + (at - a[index]!.start);
  };
  return {
    range(start, end) {
      const from = carry(start);
      const last = carry(end - 1);
      return from === undefined || last === undefined || last < from ? undefined : { start: from, end: last + 1 };
    },
  };
}
