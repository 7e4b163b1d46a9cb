// Meaning: a personal essay that tells events and never says what they meant, or a reflection so general it
// could close anyone's essay (no detail, and nothing it shares with the story told before it).
import { concreteCount, isConcrete, type ParagraphInfo } from '../analysis.ts';
import { PRIORITY, finding, type DraftContext, type Finding } from '../context.ts';
import { REFLECTION_CUES } from '../cues.ts';
import { STOPWORDS } from '../lexicon.ts';
import { phraseMatcher } from '../matcher.ts';
import { GENERIC_LESSONS } from '../phrases.ts';
import { shortPhrase, type Sentence } from '../text.ts';
import { genericClaim } from './generic.ts';

const reflective = phraseMatcher(REFLECTION_CUES);
const lessons = phraseMatcher(GENERIC_LESSONS);
/** Below this many words a draft is still being started: its missing reflection is not a finding yet. */
const MIN_DRAFT_WORDS = 150;

const contentWords = (sentence: Sentence): string[] =>
  sentence.tokens.map((token) => token.lower).filter((word) => word.length >= 4 && !STOPWORDS.has(word));

/** True when some paragraph says what the events meant. */
export const reflects = (context: DraftContext): boolean =>
  context.paragraphs.some((paragraph) => paragraph.meaning > 0)
  || context.roles.some((role) => role === 'reflection' || role === 'closing');

/** A reflective sentence that could end anyone's essay, in this paragraph. */
export function detachedReflection(context: DraftContext, paragraph: ParagraphInfo): Sentence | null {
  const story = new Set(context.paragraphs.filter((other) => other.index !== paragraph.index)
    .flatMap((other) => other.tokens.map((token) => token.lower)));
  const candidates = paragraph.sentences.filter((sentence) =>
    reflective(paragraph.text, sentence.tokens).length > 0 || lessons(paragraph.text, sentence.tokens).length > 0);
  const detached = candidates.filter((sentence) => concreteCount(sentence.text, sentence.tokens) === 0
    && genericClaim(sentence, paragraph) === null
    && (lessons(paragraph.text, sentence.tokens).length > 0 || !contentWords(sentence).some((word) => story.has(word))));
  return candidates.length > 0 && detached.length === candidates.length ? detached[0]! : null;
}

/** A detail from the story the question can point back to. */
function storyDetail(context: DraftContext): string | null {
  const scene = context.paragraphs.find((paragraph) => context.roles[paragraph.index] === 'scene') ?? context.paragraphs[0];
  const detail = scene?.tokens.find((token) => isConcrete(token) && token.text.length > 2);
  return detail ? detail.text : null;
}

export function reflectionFindings(context: DraftContext): Finding[] {
  const last = context.paragraphs.at(-1);
  if (!last) return [];
  if (context.kind === 'personal' && context.words >= MIN_DRAFT_WORDS && context.paragraphs.length >= 2 && !reflects(context)) {
    const question = 'This tells what happened: what do you understand now that you did not before it, and where does it show in what you do?';
    return [finding(last, 'reflection', last.sentences.at(-1)!.text, question, PRIORITY.reflection)];
  }
  const detail = storyDetail(context);
  return context.paragraphs.filter((paragraph) => ['reflection', 'closing'].includes(context.roles[paragraph.index]!)).flatMap((paragraph) => {
    const sentence = detachedReflection(context, paragraph);
    if (!sentence) return [];
    const question = detail
      ? `Could this sentence close anyone's essay? What does it mean for you, given the “${shortPhrase(detail, 40)}” in your story?`
      : "Could this sentence close anyone's essay? What does it mean for you, given what actually happened in your story?";
    return [finding(paragraph, 'reflection', sentence.text, question, PRIORITY.reflection)];
  });
}
