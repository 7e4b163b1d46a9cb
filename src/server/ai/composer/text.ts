// Small text tools for turning a student's answers into essay sentences without changing what they said.
import { codePointLength, cutToCodePoints } from '../../../common/text/codePoints.ts';
import { countWords } from '../../../common/text/wordCount.ts';

export { countWords };

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence as it should stand in the essay: capitalised and ending in punctuation. */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/(?<![,;:\-–—\s])[,;:\-–—\s]+$/, '');
  if (trimmed === '') return '';
  return capitalise(/[.!?…]["'”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`);
}

const LOWERABLE = new Set([
  'a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'when', 'being', 'that', 'this', 'how', 'what', 'one',
  'seeing', 'getting', 'having', 'just', 'probably', 'definitely', 'honestly', 'mostly', 'every', 'some',
]);

/** Lowercases the first letter when the first word is a common word, so the answer can continue a sentence. */
export function continueWith(text: string): string {
  const first = /^[A-Za-z]+/.exec(text)?.[0] ?? '';
  const lower = first.toLowerCase();
  const safe = LOWERABLE.has(lower) || (lower.endsWith('ing') && lower.length > 4 && first.slice(1) === first.slice(1).toLowerCase());
  return safe ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Without its final full stop, to sit inside a longer sentence. */
export const withoutFinalStop = (text: string): string => text.trim().replace(/(?<![.\s])[.\s]+$/, '');

/** The first clause of a text when it is short enough to stand as a phrase, else null. */
export function shortPhrase(text: string, maxWords: number): string | null {
  const clause = text.split(/[.;:!?(),—–]|\s(?:and|but|because|while|so|until|which|who)\s/)[0]?.trim() ?? '';
  const words = countWords(clause);
  const fits = words >= 2 && words <= maxWords && clause.split(/\s+/).every((word) => codePointLength(word) <= MAX_WORD_CHARS);
  return fits ? withoutFinalStop(clause) : null;
}

/**
 * The longest word kept whole. A longer run without a space (a pasted link, a key held down) is cut by
 * characters, so a phrase made of words has a length bound too and fits the fields it is written into.
 */
const MAX_WORD_CHARS = 30;
const cutLongWord = (word: string): string =>
  (codePointLength(word) > MAX_WORD_CHARS ? `${cutToCodePoints(word, MAX_WORD_CHARS)}…` : word);

/** The opening words of a text, cut at a word boundary with an ellipsis when shortened. */
export function excerpt(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/).map(cutLongWord);
  if (words.length <= maxWords) return withoutFinalStop(words.join(' '));
  return `${words.slice(0, maxWords).join(' ').replace(/(?<![,;:.])[,;:.]+$/, '')}…`;
}

/** At most `max` characters (code points): cut at the last space near the end when there is one, with an ellipsis. */
export function fitChars(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  const cut = cutToCodePoints(text, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > cut.length - MAX_WORD_CHARS ? cut.slice(0, space) : cut}…`;
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** True when the text opens with the student as its subject ("I…", "We…"), so it reads as a sentence of theirs. */
export function startsWithSubject(text: string): boolean {
  return /^["“]?(?:I|I'm|I’m|I've|I’ve|I'd|I’d|We|We're|We’re)\b/.test(text.trim());
}

/** True when the text already reads as the student speaking in a full sentence. */
export function isFirstPerson(text: string): boolean {
  return countWords(text) >= 3 && (startsWithSubject(text) || /^(?:My|Our)\b[^,]*\s(?:is|was|are|were|has|have|had|\w+ed)\b/.test(text));
}

/** "Community mural painting" → "community mural painting"; "Model UN" and "Girl Scouts" keep their capitals. */
export function lowerIfSentenceCase(text: string): string {
  const rest = text.split(/\s+/).slice(1);
  return rest.every((word) => word === word.toLowerCase()) && text !== 'I' && !/^I\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** "When I got my dog…", "The moment we won…": a clause with no sentence around it. */
export function isWhenFragment(text: string): boolean {
  return /^(?:when|the moment|the (?:first |last )?time|the day)\b/i.test(text) && !/,/.test(text);
}

/** Starts like a fragment ("When my sister…", "Seeing the…"): how people answer "something that made you happy". */
export function isFragment(text: string): boolean {
  const first = /^[A-Za-z]+/.exec(text)?.[0] ?? '';
  return isWhenFragment(text) || (/ing$/.test(first) && first.length > 4);
}

const PAST_VERB = /^(?:[A-Za-z]{2,}ed|(?:re|over|under|out|mis)?(?:built|led|ran|made|taught|wrote|won|began|brought|kept|set|took|spent|held|grew|found|drew|sang|gave|got|went|forgot|lost|thought|told|said|fell|felt|left|sent|spoke|broke|chose|came|did|hit|hurt|quit|saw|stood|understood|became|bought|caught|fought|met|paid|put|read|sold|swam|threw|wore))$/i;

const PASSIVE = /^(?:elected|chosen|selected|named|invited|awarded|nominated|accepted|recognized|recognised|appointed|admitted|voted)$/i;

/**
 * Turns an activity-description fragment such as "Built and programmed a robot" into a first-person sentence
 * ("I built and programmed a robot."). Returns null when the fragment cannot be turned without guessing.
 */
export function fragmentToFirstPerson(fragment: string): string | null {
  const text = fragment.trim();
  if (text === '') return null;
  if (isFirstPerson(text)) return asSentence(text);
  const first = /^[A-Za-z]+/.exec(text)?.[0] ?? '';
  if (first.slice(1) !== first.slice(1).toLowerCase()) return null;
  const lowered = `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  if (PASSIVE.test(first)) return asSentence(`I was ${lowered}`);
  if (PAST_VERB.test(first)) return asSentence(`I ${lowered}`);
  return null;
}
