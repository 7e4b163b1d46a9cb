// Finds listed phrases in a paragraph's words, one pass over its tokens: no pattern built from the lists, case
// and curly apostrophes ignored, and a phrase never read across a full stop.
import { tokensOf, type Token } from '../text/tokens.ts';

export interface PhraseMatch {
  /** Position of the phrase in the list it came from. */
  index: number;
  start: number;
  end: number;
}

export type PhraseMatcher = (text: string, tokens: readonly Token[]) => PhraseMatch[];

/** Between two words of a phrase: spaces and commas only. */
function joins(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const char = text[index]!;
    if (char !== ',' && char.trim() !== '') return false;
  }
  return true;
}

export function phraseMatcher(phrases: readonly string[]): PhraseMatcher {
  const byFirstWord = new Map<string, Array<{ index: number; words: string[] }>>();
  phrases.forEach((phrase, index) => {
    const words = tokensOf(phrase, 0, phrase.length).map((token) => token.lower);
    const first = words[0];
    if (first === undefined) return;
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), { index, words }]);
  });
  return (text, tokens) => {
    const found: PhraseMatch[] = [];
    for (let at = 0; at < tokens.length; at += 1) {
      const candidates = byFirstWord.get(tokens[at]!.lower);
      if (candidates === undefined) continue;
      for (const { index, words } of candidates) {
        if (at + words.length > tokens.length) continue;
        let matches = true;
        for (let k = 1; k < words.length && matches; k += 1) {
          matches = tokens[at + k]!.lower === words[k] && joins(text, tokens[at + k - 1]!.end, tokens[at + k]!.start);
        }
        if (matches) found.push({ index, start: tokens[at]!.start, end: tokens[at + words.length - 1]!.end });
      }
    }
    return found;
  };
}
