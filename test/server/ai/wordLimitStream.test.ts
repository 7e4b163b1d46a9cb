import { describe, expect, it } from 'vitest';
import { limitWords } from '../../../src/server/ai/wordLimitStream.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';

/** A source that yields the given chunks and records how far it was read and whether it was closed. */
function source(chunks: string[]) {
  const state = { pulled: 0, closed: false };
  async function* generate(): AsyncGenerator<string> {
    try {
      for (const chunk of chunks) {
        state.pulled += 1;
        yield chunk;
      }
    } finally {
      state.closed = true;
    }
  }
  return { iterable: generate(), state };
}

const words = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `w${from + i}`);
/** Sentences of `size` words each, as a model would stream them: one token per word. */
const sentenceTokens = (count: number, size: number): string[] =>
  Array.from({ length: count }, (_, s) => words(size, s * size).map((w, i) => (i === size - 1 ? `${w}. ` : `${w} `))).flat();

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('limitWords', () => {
  it('passes a text under the limit through unchanged', async () => {
    const text = 'The gym smelled like solder. I picked up the bracket.\n\nIt was still warm.';
    const chunks = await collect(limitWords(source(text.match(/.{1,7}/gs) ?? []).iterable, { maxWords: 650 }));
    expect(chunks.join('')).toBe(text);
  });

  it('releases text as it arrives while far from the limit', async () => {
    const { iterable, state } = source(sentenceTokens(10, 10));
    const iterator = limitWords(iterable, { maxWords: 650 })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toBe('w0');
    expect(state.pulled).toBe(1);
    await iterator.return?.(undefined);
  });

  it('cuts an over-long text at the last sentence that fits, and shows nothing past the cut', async () => {
    const { iterable, state } = source(sentenceTokens(80, 12));
    const chunks = await collect(limitWords(iterable, { maxWords: 650 }));
    const text = chunks.join('');
    expect(countWords(text)).toBe(648);
    expect(text.endsWith('w647.')).toBe(true);
    expect(text).not.toContain('w648');
    expect(chunks.some((chunk) => chunk.includes('w648'))).toBe(false);
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThan(80 * 12);
  });

  it('holds back the tail near the limit until its sentence ends', async () => {
    const emittedWhilePulling: number[] = [];
    const { iterable, state } = source(sentenceTokens(10, 10));
    for await (const chunk of limitWords(iterable, { maxWords: 60, holdbackWords: 20 })) {
      emittedWhilePulling.push(state.pulled);
      expect(chunk).not.toBe('');
    }
    // Word 41 onwards (inside the hold-back zone) is released only when a sentence ends: at tokens 50 and 60.
    expect(emittedWhilePulling.slice(-2)).toEqual([50, 60]);
  });

  it('keeps a sentence that ends exactly on the limit', async () => {
    const chunks = await collect(limitWords(source(sentenceTokens(2, 25)).iterable, { maxWords: 50 }));
    expect(countWords(chunks.join(''))).toBe(50);
  });

  it('recognises sentence ends after closing quotes and at paragraph breaks', async () => {
    const text = 'She said "Fix it, then tell me." Then she left.\n\nA heading\n\nMore words follow here and keep going on';
    const chunks = await collect(limitWords(source(text.split(/(?<= )/)).iterable, { maxWords: 13, holdbackWords: 13 }));
    expect(chunks.join('')).toBe('She said "Fix it, then tell me." Then she left.\n\nA heading');
  });

  it('never takes back text already shown, even when one sentence runs past the limit', async () => {
    const tokens = words(700).map((w) => `${w} `);
    const chunks = await collect(limitWords(source(tokens).iterable, { maxWords: 650 }));
    const text = chunks.join('');
    expect(countWords(text)).toBeLessThanOrEqual(650);
    expect(text.length).toBeGreaterThan(0);
  });

  it('trims leading whitespace and a trailing newline', async () => {
    const chunks = await collect(limitWords(source(['\n\n  Hello ', 'there.\n']).iterable, { maxWords: 50 }));
    expect(chunks.join('')).toBe('Hello there.');
  });

  it('counts words as countWords does, whatever the chunking', async () => {
    const text = sentenceTokens(30, 9).join('');
    for (const size of [1, 3, 17, 500]) {
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const out = (await collect(limitWords(source(pieces).iterable, { maxWords: 100 }))).join('');
      expect(countWords(out)).toBe(99);
      expect(out.endsWith('.')).toBe(true);
    }
  });
});
