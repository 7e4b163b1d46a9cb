// A feeling named instead of shown: "I was nervous", "we were so excited", "I felt proud".
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { EMOTIONS, FEELING_VERBS, INTENSIFIERS } from '../lexicon.ts';
import type { Sentence } from '../../text/sentences.ts';

const SUBJECTS = new Set(['i', 'we', 'me']);
/** Verbs that carry their own subject, or need none to name a feeling ("felt proud"). */
const SELF_STANDING = new Set(["i'm", "we're", 'felt', 'feel', 'feeling']);
const MAX_INTENSIFIERS = 3;

/** Where in the sentence a named feeling starts and ends, if it names one. */
function namedFeeling(sentence: Sentence): { start: number; end: number } | null {
  const { tokens } = sentence;
  for (let at = 0; at < tokens.length; at += 1) {
    if (!EMOTIONS.has(tokens[at]!.lower)) continue;
    let verb = at - 1;
    while (verb >= 0 && at - verb <= MAX_INTENSIFIERS && INTENSIFIERS.has(tokens[verb]!.lower)) verb -= 1;
    const verbToken = tokens[verb];
    if (!verbToken || !FEELING_VERBS.has(verbToken.lower)) continue;
    const subject = tokens[verb - 1];
    if (subject && SUBJECTS.has(subject.lower)) return { start: subject.start, end: tokens[at]!.end };
    if (SELF_STANDING.has(verbToken.lower)) return { start: verbToken.start, end: tokens[at]!.end };
  }
  return null;
}

export function tellNotShowFindings(context: DraftContext): Finding[] {
  return context.paragraphs.flatMap((paragraph) => {
    for (const sentence of paragraph.sentences) {
      const named = namedFeeling(sentence);
      if (!named) continue;
      const question = 'This names the feeling: what did you do, see or say in that moment that would let the reader feel it without being told?';
      return [finding(paragraph, 'tell-not-show', paragraph.text.slice(named.start, named.end), question, PRIORITY.tellNotShow)];
    }
    return [];
  });
}
