// Claims the reader cannot see: "it taught me the value of hard work", or a sentence of abstract nouns with
// nothing concrete in it.
import type { ParagraphInfo, ReadSentence } from '../analysis.ts';
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { ABSTRACT_NOUNS } from '../lexicon.ts';
import { phraseMatcher } from '../matcher.ts';
import { GENERIC_CLAIMS } from '../phrases.ts';
import { withoutEndMarks } from '../../text/sentences.ts';
import { shortPhrase } from '../text.ts';

const claims = phraseMatcher(GENERIC_CLAIMS);
const ABSTRACT_WORDS_FOR_CLAIM = 3;

/** The claim a sentence makes without showing it, or null when it shows something. */
export function genericClaim(sentence: ReadSentence, paragraph: ParagraphInfo): string | null {
  const concrete = sentence.concrete;
  const claim = claims(paragraph.text, sentence.tokens).sort((a, b) => a.start - b.start || b.end - a.end)[0];
  // The claim from its first word to the end of its sentence: "taught me the value of hard work".
  if (claim && concrete <= 1) return withoutEndMarks(paragraph.text.slice(claim.start, sentence.end));
  const abstract = [...new Set(sentence.tokens.filter((token) => ABSTRACT_NOUNS.has(token.lower)).map((token) => token.text))];
  return abstract.length >= ABSTRACT_WORDS_FOR_CLAIM && concrete === 0 ? abstract.slice(0, 3).join(', ') : null;
}

export function genericFindings(context: DraftContext): Finding[] {
  return context.paragraphs.flatMap((paragraph) => {
    for (const sentence of paragraph.sentences) {
      const claim = genericClaim(sentence, paragraph);
      if (claim === null) continue;
      const question = `What happened that shows “${shortPhrase(claim, 50)}”, so the reader could see it for themselves?`;
      return [finding(paragraph, 'generic', sentence.text, question, PRIORITY.generic)];
    }
    return [];
  });
}
