// Something vivid the student told the app (a number, a name) that the draft leaves out: the coach names it
// whole ("Mrs. Alvarez", "a $12 wrench set") and asks whether it belongs, next to the paragraph that tells the
// same part of the story. It asks at any length: a thin first draft is where the student's own material helps most.
import { isName, isNumber, type ParagraphInfo } from '../analysis.ts';
import { finding, type DraftContext, type Finding, type MaterialText } from '../context.ts';
import { PRIORITY } from '../ranking.ts';
import { isThin } from './length.ts';
import { NUMBER_WORDS, SENSORY, STOPWORDS } from '../lexicon.ts';
import { memoByText } from '../memo.ts';
import { splitSentences, type Sentence } from '../../text/sentences.ts';
import { isCapitalised, type Token } from '../../text/tokens.ts';
import { shortPhrase } from '../text.ts';

/** Capitals that name no detail worth asking about. */
const PLAIN_CAPITALS = new Set(`mom dad god ok okay monday tuesday wednesday thursday friday saturday sunday january
  february march april may june july august september october november december`.split(/\s+/));

interface Candidate {
  phrase: string;
  anchors: string[];
  source: Sentence;
  score: number;
}

/** One key for "twelve" and "12", and for "Priya" and "Priya's". */
const wordKey = (word: string): string => {
  const bare = word.endsWith("'s") ? word.slice(0, -2) : word;
  return NUMBER_WORDS.get(bare) ?? bare;
};
const contentWords = (tokens: readonly Token[]): Set<string> =>
  new Set(tokens.map((token) => token.lower).filter((word) => word.length >= 4 && !STOPWORDS.has(word)));
const joined = (text: string, left: Token, right: Token): boolean => text.slice(left.end, right.start).trim() === '';
/** "Mrs.", "Dr.", "J.": a title or an initial, part of the name that follows it. */
const isTitle = (token: Token): boolean => token.text.endsWith('.') && isCapitalised(token);
/** The words a number counts: "bikes", "wrench set", "120-pound robot" (at most three, no small words). */
const COUNTED_MAX = 3;
const ARTICLES = new Set(['a', 'an']);
const CURRENCY = new Set(['$', '€', '£', '¥']);

interface Anchor {
  /** The detail's last token. */
  end: number;
  /** Its start in the text: a currency sign before the number counts. */
  start: number;
  anchors: string[];
  weight: number;
}

/** A number and the words it counts, with "a" and its currency sign: "40 bikes", "a $12 wrench set". */
function countedAt(text: string, tokens: readonly Token[], at: number): Anchor | null {
  const token = tokens[at]!;
  let end = at;
  while (end - at < COUNTED_MAX && end + 1 < tokens.length) {
    const next = tokens[end + 1]!;
    if (STOPWORDS.has(next.lower) || isCapitalised(next) || isNumber(next) || !joined(text, tokens[end]!, next)) break;
    end += 1;
  }
  if (end === at) return null;
  const sign = CURRENCY.has(text[token.start - 1] ?? '') ? token.start - 1 : token.start;
  const before = tokens[at - 1];
  const start = before && ARTICLES.has(before.lower) && text.slice(before.end, sign) === ' ' ? before.start : sign;
  return { end, start, anchors: [wordKey(token.lower)], weight: 3 };
}

/** A name with the titles and initials before it: "Mrs. Alvarez", "J. R. R. Tolkien", "Eastside library". */
function nameAt(text: string, tokens: readonly Token[], at: number): Anchor | null {
  const token = tokens[at]!;
  if (isTitle(token) || !isName(token) || PLAIN_CAPITALS.has(token.lower)) return null;
  let first = at;
  while (first > 0 && isTitle(tokens[first - 1]!) && joined(text, tokens[first - 1]!, tokens[first]!)) first -= 1;
  let end = at;
  while (end + 1 < tokens.length && isName(tokens[end + 1]!) && joined(text, tokens[end]!, tokens[end + 1]!)) end += 1;
  // The draft uses the name when it uses its words; a title alone ("Mrs.") says nothing of whom.
  const anchors = tokens.slice(at, end + 1).filter((one) => !isTitle(one)).map((one) => wordKey(one.lower));
  return { end, start: tokens[first]!.start, anchors, weight: 2 };
}

/** The number or name at `at`, whole, with the words that make it a detail. */
const anchorAt = (text: string, tokens: readonly Token[], at: number): Anchor | null =>
  (isNumber(tokens[at]!) ? countedAt(text, tokens, at) : nameAt(text, tokens, at));

/** Every number and name in a text with the words that make it a detail, scored without the text's source. */
const detailsIn = memoByText((text: string): Candidate[] => splitSentences(text).flatMap((source) => {
  const sensory = source.tokens.some((token) => SENSORY.has(token.lower)) ? 1 : 0;
  const found: Candidate[] = [];
  for (let at = 0; at < source.tokens.length; at += 1) {
    const anchor = anchorAt(text, source.tokens, at);
    if (!anchor) continue;
    const phrase = text.slice(anchor.start, source.tokens[anchor.end]!.end);
    found.push({ phrase, anchors: anchor.anchors, source, score: anchor.weight + sensory });
    at = anchor.end;
  }
  return found;
}));

/** What the student wrote in an answer or insight counts for more than a line of an activity list. */
const candidatesIn = (material: MaterialText, exclude: ReadonlySet<string>): Candidate[] =>
  detailsIn(material.text).filter((candidate) => !candidate.anchors.some((word) => exclude.has(word)))
    .map((candidate) => ({ ...candidate, score: candidate.score + (material.from === 'activities' ? 0 : 1) }));

/** The paragraph and sentence that tell the same part of the story as the material's sentence. */
function closestSentence(context: DraftContext, source: Sentence): { paragraph: ParagraphInfo; sentence: Sentence } {
  const wanted = contentWords(source.tokens);
  const shared = (sentence: Sentence): number => sentence.tokens.filter((token) => wanted.has(token.lower)).length;
  const fallback = context.paragraphs.find((paragraph) => context.roles[paragraph.index] === 'scene') ?? context.paragraphs[0]!;
  let best = { paragraph: fallback, sentence: fallback.sentences[0]!, score: 0 };
  for (const paragraph of context.paragraphs) {
    for (const sentence of paragraph.sentences) {
      const score = shared(sentence);
      if (score > best.score) best = { paragraph, sentence, score };
    }
  }
  return best;
}

export function unusedMaterialFindings(context: DraftContext): Finding[] {
  if (context.paragraphs.length === 0 || context.material.length === 0) return [];
  const inDraft = new Set(context.paragraphs.flatMap((paragraph) => paragraph.tokens.map((token) => wordKey(token.lower))));
  const colleges = new Set(context.colleges.flatMap((name) => name.toLowerCase().split(/\s+/)));
  let best: Candidate | null = null;
  for (const material of context.material) {
    for (const candidate of candidatesIn(material, colleges)) {
      if (candidate.anchors.some((word) => inDraft.has(word))) continue;
      if (!best || candidate.score > best.score) best = candidate;
    }
  }
  if (!best) return [];
  const { paragraph, sentence } = closestSentence(context, best.source);
  const question = `Your answers mention “${shortPhrase(best.phrase, 60)}”, which the draft leaves out: does it belong in this part of the story?`;
  return [finding(paragraph, 'unused-material', sentence.text, question, isThin(context) ? PRIORITY.materialOnThinDraft : PRIORITY.unusedMaterial)];
}
