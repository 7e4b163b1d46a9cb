// Finds listed phrases in a paragraph's words, one pass over its tokens: no pattern built from the lists, case
// and curly apostrophes ignored, and a phrase never read across a full stop.
import { tokensOf, type Token } from './text.ts';

export interface PhraseMatch {
  /** Position of the phrase in the list it came from. */
  index: number;
  start: number;
  end: number;
}

export type PhraseMatcher = (text: string, tokens: readonly Token[]) => PhraseMatch[];

/** Between two words of a phrase: spaces and commas only. */
const joins = (gap: string): boolean => {
  for (const char of gap) if (char !== ',' && char.trim() !== '') return false;
  return true;
};

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
    tokens.forEach((token, at) => {
      for (const { index, words } of byFirstWord.get(token.lower) ?? []) {
        const last = tokens[at + words.length - 1];
        if (!last) continue;
        let matches = true;
        for (let k = 1; k < words.length && matches; k += 1) {
          matches = tokens[at + k]!.lower === words[k] && joins(text.slice(tokens[at + k - 1]!.end, tokens[at + k]!.start));
        }
        if (matches) found.push({ index, start: token.start, end: last.end });
      }
    });
    return found;
  };
}

/** How many times any of the phrases occurs. */
export const countMatches = (matcher: PhraseMatcher, text: string, tokens: readonly Token[]): number => matcher(text, tokens).length;
