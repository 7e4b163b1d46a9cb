// Keeps a streamed essay within its word limit without ever showing words that later vanish.
// Far from the limit text passes through as it arrives; within `holdbackWords` of it only whole sentences are
// released. When the source overshoots, the output ends at the last sentence boundary at or under the limit
// and the source is abandoned (its iterator's return() cancels the upstream request).

export interface WordLimitOptions {
  maxWords: number;
  /** How many words before the limit text is held back until its sentence ends. */
  holdbackWords?: number;
}

export const defaultHoldback = (maxWords: number): number => Math.max(40, Math.ceil(maxWords * 0.15));

const SENTENCE_END = /[.!?…]["'”’)\]]*$/;

/** Incremental scan state: words are runs of non-space characters, as countWords counts them. */
class Scanner {
  text = '';
  private scanned = 0;
  words = 0;
  private wordStart = -1;
  private lastWordEnd = -1;
  boundary = 0;
  freeEnd = 0;
  overflow = false;

  constructor(
    private readonly maxWords: number,
    private readonly freeWords: number,
  ) {}

  push(chunk: string): void {
    this.text += this.text === '' ? chunk.trimStart() : chunk;
    for (; this.scanned < this.text.length && !this.overflow; this.scanned += 1) {
      const char = this.text[this.scanned] as string;
      if (/\s/.test(char)) this.onSpace(char);
      else if (this.wordStart < 0) this.onWordStart();
    }
    // Trailing whitespace waits for the next word, so a finished text never ends in a stray space or newline.
    if (this.words < this.freeWords && !this.overflow) this.freeEnd = this.text.trimEnd().length;
  }

  /** Words in the whole text, counting a final word still being written. */
  get totalWords(): number {
    return this.words + (this.wordStart >= 0 ? 1 : 0);
  }

  private onWordStart(): void {
    if (this.words >= this.maxWords) {
      this.overflow = true;
      return;
    }
    this.wordStart = this.scanned;
  }

  private onSpace(char: string): void {
    const index = this.scanned;
    if (this.wordStart >= 0) {
      this.words += 1;
      const word = this.text.slice(this.wordStart, index);
      this.wordStart = -1;
      this.lastWordEnd = index;
      if (this.words === this.freeWords) this.freeEnd = index;
      if (SENTENCE_END.test(word)) this.boundary = index;
    }
    // A line break ends a heading or a paragraph even without punctuation.
    if (char === '\n' && this.lastWordEnd > this.boundary) this.boundary = this.lastWordEnd;
  }
}

export async function* limitWords(source: AsyncIterable<string>, options: WordLimitOptions): AsyncGenerator<string> {
  const { maxWords } = options;
  const holdback = Math.min(options.holdbackWords ?? defaultHoldback(maxWords), maxWords);
  const scanner = new Scanner(maxWords, maxWords - holdback);
  let emitted = 0;

  for await (const chunk of source) {
    scanner.push(chunk);
    if (scanner.overflow) break;
    const safeEnd = Math.max(scanner.boundary, scanner.freeEnd);
    if (safeEnd > emitted) {
      yield scanner.text.slice(emitted, safeEnd);
      emitted = safeEnd;
    }
  }

  if (!scanner.overflow && scanner.totalWords <= maxWords) {
    const rest = scanner.text.slice(emitted).trimEnd();
    if (rest !== '') yield rest;
    return;
  }
  // Over the limit: end at the last sentence that fits. Text already shown is never taken back, so if one
  // enormous sentence ran past the free zone, the essay ends where the shown text ends.
  const end = Math.max(scanner.boundary, emitted);
  if (end > emitted) yield scanner.text.slice(emitted, end);
}
