// Stock phrases (phrases.ts): the first one in each paragraph, asked about with the question kept for it.
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { phraseMatcher, type PhraseMatch } from '../matcher.ts';
import { CLICHE_QUESTION, CLICHES } from '../phrases.ts';
import type { ParagraphInfo } from '../analysis.ts';

const matcher = phraseMatcher(CLICHES.map((entry) => entry.phrase));

/** The stock phrases in a paragraph, earliest first (the longer of two that start together). */
export const clichesIn = (paragraph: ParagraphInfo): PhraseMatch[] =>
  matcher(paragraph.text, paragraph.tokens).sort((a, b) => a.start - b.start || b.end - a.end);

export function clicheFindings(context: DraftContext): Finding[] {
  return context.paragraphs.flatMap((paragraph) => {
    const first = clichesIn(paragraph)[0];
    if (!first) return [];
    const question = CLICHES[first.index]?.question ?? CLICHE_QUESTION;
    return [finding(paragraph, 'cliche', paragraph.text.slice(first.start, first.end), question, PRIORITY.cliche)];
  });
}
