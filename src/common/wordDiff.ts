// A word-level diff of two texts (the longest common sequence of their words): what the result page shows
// when comparing two versions of an essay, and how the share of rewritten words is counted.

export type DiffPart = { op: 'same' | 'added' | 'removed'; text: string };

const wordsOf = (text: string): string[] => (text.trim() === '' ? [] : text.trim().split(/\s+/));

/** The parts turning `before` into `after`, runs of one kind joined with single spaces. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  // lengths[i][j]: the longest common sequence of a[i..] and b[j..]. Essays are at most a few thousand words.
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffPart['op'], word: string) => {
    const last = parts.at(-1);
    if (last?.op === op) last.text += ` ${word}`;
    else parts.push({ op, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      push('added', b[j]!);
      j += 1;
    } else {
      push('removed', a[i]!);
      i += 1;
    }
  }
  return parts;
}

const countWords = (text: string): number => wordsOf(text).length;

/**
 * How much of `generated` the student has rewritten in `current`, as a whole percentage: of the words removed
 * and the words added, the larger number, over the longer text. Punctuation and case count: "cube." and
 * "Cube," are different words, as a reader sees them.
 */
export function rewrittenPercent(generated: string, current: string): number {
  const longest = Math.max(countWords(generated), countWords(current));
  if (longest === 0) return 0;
  let removed = 0;
  let added = 0;
  for (const part of wordDiff(generated, current)) {
    if (part.op === 'removed') removed += countWords(part.text);
    if (part.op === 'added') added += countWords(part.text);
  }
  return Math.round((Math.max(removed, added) / longest) * 100);
}
