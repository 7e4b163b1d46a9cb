// Meaning: a personal essay that tells events and never says what they meant, or a reflection so general it
// could close anyone's essay (no detail, and nothing it shares with the story told before it).
import { isName, type ParagraphInfo, type ReadSentence } from '../analysis.ts';
import { finding, type DraftContext, type Finding } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { REFLECTION_CUES } from '../cues.ts';
import { CONCRETE_NOUNS, STOPWORDS, singular } from '../lexicon.ts';
import { phraseMatcher } from '../matcher.ts';
import { GENERIC_LESSONS } from '../phrases.ts';
import type { Sentence } from '../../text/sentences.ts';
import { shortPhrase } from '../text.ts';
import { genericClaim } from './generic.ts';

const reflective = phraseMatcher(REFLECTION_CUES);
const lessons = phraseMatcher(GENERIC_LESSONS);

const contentWords = (sentence: Sentence): string[] =>
  sentence.tokens.map((token) => token.lower).filter((word) => word.length >= 4 && !STOPWORDS.has(word));

/** True when some paragraph says what the events meant. */
export const reflects = (context: DraftContext): boolean =>
  context.paragraphs.some((paragraph) => paragraph.meaning > 0)
  || context.roles.some((role) => role === 'reflection' || role === 'closing');

/** In how many paragraphs each word appears: a word of one paragraph is in the story around it if it counts more. */
function paragraphsPerWord(context: DraftContext): Map<string, number> {
  const counts = new Map<string, number>();
  for (const paragraph of context.paragraphs) {
    for (const word of new Set(paragraph.tokens.map((token) => token.lower))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** A reflective sentence that could end anyone's essay, in this paragraph. */
function detachedReflection(paragraph: ParagraphInfo, perWord: ReadonlyMap<string, number>): ReadSentence | null {
  const own = new Set(paragraph.tokens.map((token) => token.lower));
  const inStory = (word: string): boolean => (perWord.get(word) ?? 0) > (own.has(word) ? 1 : 0);
  const read = paragraph.sentences.map((sentence) => ({ sentence, lesson: lessons(paragraph.text, sentence.tokens).length > 0 }));
  const candidates = read.filter(({ sentence, lesson }) => lesson || reflective(paragraph.text, sentence.tokens).length > 0);
  const detached = candidates.filter(({ sentence, lesson }) => sentence.concrete === 0
    && (lesson || genericClaim(sentence, paragraph) !== null || !contentWords(sentence).some(inStory)));
  if (candidates.length === 0 || detached.length < candidates.length) return null;
  // The sentence to ask about: one the generic-claim rule does not already ask about, where there is one.
  return (detached.find(({ sentence }) => genericClaim(sentence, paragraph) === null) ?? detached[0]!).sentence;
}

const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'her', 'their', 'your']);

/** A detail from the story the question can point back to: a name or a thing, with its "the" or "my". */
function storyDetail(context: DraftContext): string | null {
  const scene = context.paragraphs.find((paragraph) => context.roles[paragraph.index] === 'scene') ?? context.paragraphs[0];
  if (!scene) return null;
  const { tokens, text } = scene;
  const at = tokens.findIndex((token) => (isName(token) || CONCRETE_NOUNS.has(singular(token.lower))) && token.text.length > 2);
  if (at < 0) return null;
  const before = tokens[at - 1];
  const start = before && DETERMINERS.has(before.lower) && text.slice(before.end, tokens[at]!.start) === ' ' ? before.start : tokens[at]!.start;
  return text.slice(start, tokens[at]!.end);
}

export function reflectionFindings(context: DraftContext): Finding[] {
  const last = context.paragraphs.at(-1);
  if (!last) return [];
  // Events with no meaning yet, told in two sentences or more: the band says "missing" and this asks where it
  // would say so, however short the draft (a single sentence is left to the questions about the material).
  const told = context.paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.length, 0) >= 2;
  if (context.kind === 'personal' && told && !reflects(context)) {
    const question = 'This tells what happened: what do you understand now that you did not before it, and where does it show in what you do?';
    return [finding(last, 'reflection', last.sentences.at(-1)!.text, question, PRIORITY.reflection)];
  }
  const detail = storyDetail(context);
  const perWord = paragraphsPerWord(context);
  return context.paragraphs.filter((paragraph) => ['reflection', 'closing'].includes(context.roles[paragraph.index]!)).flatMap((paragraph) => {
    const sentence = detachedReflection(paragraph, perWord);
    if (!sentence) return [];
    const question = detail
      ? `Could this sentence close anyone's essay? What does it mean for you, given what happened with “${shortPhrase(detail, 40)}”?`
      : "Could this sentence close anyone's essay? What does it mean for you, given what actually happened in your story?";
    return [finding(paragraph, 'reflection', sentence.text, question, PRIORITY.reflection)];
  });
}
