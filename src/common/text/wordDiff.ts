// A word-level diff of two texts (the longest common sequence of their words): what the result page shows
// when comparing two versions of an essay, and how the share of rewritten words is counted.

export type DiffPart = { op: 'same' | 'added' | 'removed'; text: string };

const wordsOf = (text: string): string[] => (text.trim() === '' ? [] : text.trim().split(/\s+/));

/** The parts turning `before` into `after`, runs of one kind joined with single spaces. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  // The words both texts start and end with are the same words: only the middle needs the table, and an essay
  // shown beside itself or edited in one place (the usual cases) costs a walk over its words.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const rows = a.length - head - tail;
  const columns = b.length - head - tail;
  // lengths[i * (columns + 1) + j]: the longest common sequence of the middles' words from i and from j. It is
  // never longer than the shorter middle, so 16 bits hold it for any text a version may be (at most 10,000 words).
  const width = columns + 1;
  const lengths = new (Math.min(rows, columns) < 0xffff ? Uint16Array : Uint32Array)((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[head + i] === b[head + j]
        ? lengths[(i + 1) * width + j + 1]! + 1
        : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffPart['op'], word: string) => {
    const last = parts.at(-1);
    if (last?.op === op) last.text += ` ${word}`;
    else parts.push({ op, text: word });
  };
  for (let k = 0; k < head; k += 1) push('same', a[k]!);
  let i = 0;
  let j = 0;
  while (i < rows || j < columns) {
    if (i < rows && j < columns && a[head + i] === b[head + j]) {
      push('same', a[head + i]!);
      i += 1;
      j += 1;
    } else if (j < columns && (i === rows || lengths[i * width + j + 1]! >= lengths[(i + 1) * width + j]!)) {
      push('added', b[head + j]!);
      j += 1;
    } else {
      push('removed', a[head + i]!);
      i += 1;
    }
  }
  for (let k = a.length - tail; k < a.length; k += 1) push('same', a[k]!);
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
