// A topic's title as a short noun phrase drawn from the student's own words, never their sentence read back
// to them: "Outside school I fold origami, mostly cranes" → "Folding origami"; "When Jayden rode past my house"
// → "Jayden riding past my house"; "My grandmother, because…" → "My grandmother". Only the verb's form changes.
import { gerundOf, isPastForm } from './gerund.ts';
import { describePart } from './prose.ts';
import { capitalise, continueWith } from './text.ts';
import { sentenceTexts } from '../../../common/text/sentences.ts';

/** A title of the student's words, and where in their text the words it draws on end. */
export interface TitlePhrase {
  phrase: string;
  end: number;
}

interface Word { text: string; lower: string; end: number; stop: boolean }

/** Words of the student's after the verb (or from a phrase's start): a title names a topic, it does not tell it. */
const MAX_WORDS = 7;
/** A phrase without a verb this short is a name for something; a longer one may hide a verb we do not know. */
const SHORT_PHRASE_WORDS = 6;

const ABBREVIATION = /^(?:mr|mrs|ms|dr|st|jr|sr|prof|mt|vs|a\.m|p\.m)\.$/i;
const set = (words: string): Set<string> => new Set(words.split(' '));
/** Words that end a title's phrase: what follows them is a second clause or the reason why. */
const CLAUSE = set('and but or because so while until since although though which who whom whose that when whenever where if then than unless except');
/** Where a long phrase may be cut: the place or time a preposition adds can go. */
const PREPOSITION = set('in on at for with from by during before after into about through under over near around without like every to along across behind off');
/** Prepositions that are often a verb's own particle ("let a dog off the leash"): a title is never cut there. */
const PARTICLE = set('off');
const DETERMINER = set('my our the a an his her their this that its your one');
const FUNCTION = new Set([...PREPOSITION, ...DETERMINER, ...set('of me him them us it i we you he she they')]);
/** Words a title never ends on. */
const DANGLING = new Set([...PREPOSITION, ...CLAUSE, ...DETERMINER, ...set('of is was are were not very too own')]);
const SKIPPED = set('also always still once often usually sometimes really just finally even actually mostly already first now then probably secretly quietly basically literally can could will would should might may must do does did');
const NEGATION = set("not don't don’t didn't didn’t can't can’t cannot couldn't couldn’t won't won’t doesn't doesn’t never");
const FONDNESS = set('like love enjoy');
const AUXILIARY = set('am is are was were have has had');
const FINITE = set('is was are were has have had can could will would does did');
const SUBJECT = /^(?:i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|we|we're|we’re|we've|we’ve)$/;
const NOT_GERUND = set('thing nothing something everything anything morning evening spring string king ring wing ceiling during sibling wedding pudding building meeting bring sing sting swing');

/** `text` without any of `marks` at its end; a loop, so a long run of marks costs linear time. */
function withoutTrailing(text: string, marks: string): string {
  let end = text.length;
  while (end > 0 && marks.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** The words of the student's first sentence, each marked when a clause ends after it; ", who…," asides left out. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let aside = false;
  for (const match of text.matchAll(/\S+/g)) {
    const raw = match[0];
    const body = ABBREVIATION.test(raw) ? raw : withoutTrailing(raw, '.,;:!?"”’)…');
    const core = body.replace(/^["“‘(]+/, '');
    const trailing = raw.slice(body.length);
    const endsSentence = /[.!?]/.test(trailing);
    const stop = /[,;:!?)…]/.test(trailing) || endsSentence || /^[—–-]+$/.test(core);
    const previous = words[words.length - 1];
    if (!aside && previous?.stop && /^(?:who|which|whose)$/i.test(core) && !endsSentence) aside = true;
    if (aside) {
      if (stop) aside = false;
      if (previous && !endsSentence) previous.stop = false;
      if (endsSentence && previous) previous.stop = true;
    } else if (/[\p{L}\p{N}]/u.test(core)) {
      words.push({ text: core, lower: core.toLowerCase(), end: match.index + body.length, stop });
    } else if (previous) previous.stop = true;
    if (endsSentence) break;
  }
  return words;
}

const content = (words: readonly Word[]): number => words.filter((word) => !FUNCTION.has(word.lower)).length;

/** "Frog and Toad", "Fifth and Main": an "and" between two names belongs to the name. */
const joinsNames = (words: readonly Word[], i: number): boolean =>
  words[i]!.lower === 'and' && /^\p{Lu}/u.test(words[i - 1]?.text ?? '') && /^\p{Lu}/u.test(words[i + 1]?.text ?? '') && !words[i - 1]!.stop;

/**
 * Words from `from` to the clause's end; when longer than `room`, cut where a place, a time or a second thing
 * starts: at the first such point by default, at the last within room when the words before carry the verb.
 */
function clauseFrom(words: readonly Word[], from: number, room: number, cutAt: 'first' | 'last' = 'first'): Word[] {
  const taken: Word[] = [];
  for (let i = from; i < words.length; i += 1) {
    const word = words[i]!;
    if (taken.length > 0 && ((CLAUSE.has(word.lower) && !joinsNames(words, i)) || SUBJECT.test(word.lower))) break;
    taken.push(word);
    if (word.stop) break;
  }
  if (taken.length > room) {
    const points = taken.map((word, i) => i).filter((i) => i >= 2 && i <= room && content(taken.slice(0, i)) >= 2
      && ((PREPOSITION.has(taken[i]!.lower) && !PARTICLE.has(taken[i]!.lower))
        || (DETERMINER.has(taken[i]!.lower) && !PREPOSITION.has(taken[i - 1]!.lower))));
    const cut = cutAt === 'first' ? points[0] : points[points.length - 1];
    taken.length = cut ?? room;
    // A name is never cut in two: "a whole page of Frog and Toad" loses the name, not half of it.
    while (cut === undefined && taken.length > 1 && joinsNames(words, from + taken.length)) taken.pop();
  }
  while (taken.length > 1 && DANGLING.has(taken[taken.length - 1]!.lower)) taken.pop();
  return taken;
}

const joined = (words: readonly Word[]): string => words.map((word) => word.text).join(' ');
const endOf = (words: readonly Word[], fallback: Word): number => (words[words.length - 1] ?? fallback).end;

const isGerund = (word: string): boolean => word.length > 4 && word.endsWith('ing') && !NOT_GERUND.has(word);
const BE = set('am is are was were');

/** "I fold origami" → "Folding origami"; `subject` is -1 for a fragment led by its verb ("Built a robot"). */
function fromFirstPerson(words: readonly Word[], subject: number): TitlePhrase | null {
  let negation = '';
  const negate = (word: string): void => { negation = word === 'never' ? 'never' : 'not'; };
  // "I'm" is the subject and its verb: read it as "I am".
  const contracted = subject >= 0 && /^(?:i|we)['’](?:m|re|ve)$/.test(words[subject]!.lower);
  const verbs = words.map((word, i) => (i === subject && contracted ? { ...word, lower: word.lower.endsWith('ve') ? 'have' : 'am', stop: false } : word));
  let i = contracted ? subject : subject + 1;
  let passive = false;
  for (; i < verbs.length && !verbs[i]!.stop; i += 1) {
    const word = verbs[i]!.lower;
    if (NEGATION.has(word)) negate(word);
    else if (FONDNESS.has(word) && verbs[i + 1]?.lower === 'to') i += 1;
    else if (FONDNESS.has(word) && isGerund(verbs[i + 1]?.lower ?? '')) continue;
    else if (AUXILIARY.has(word)) {
      // An auxiliary before the verb ("have read", "was running") gives way to it; otherwise it is the verb.
      let next = i + 1;
      for (; next < verbs.length && (NEGATION.has(verbs[next]!.lower) || SKIPPED.has(verbs[next]!.lower)); next += 1) {
        if (NEGATION.has(verbs[next]!.lower)) negate(verbs[next]!.lower);
      }
      const following = verbs[next]?.lower ?? '';
      if (!isPastForm(following) && !isGerund(following)) break;
      passive = BE.has(word) && isPastForm(following) && following !== 'been';
      i = next - 1;
    } else if (!SKIPPED.has(word)) break;
  }
  const verb = verbs[i];
  if (!verb) return null;
  let after = i + 1;
  for (; AUXILIARY.has(verb.lower) && NEGATION.has(verbs[after]?.lower ?? ''); after += 1) negate(verbs[after]!.lower);
  const first = passive ? `being ${verb.lower}` : gerundOf(verb.lower);
  if (first === null) return null;
  const { gerund, from, last } = withSecondVerb(words, first, after);
  const rest = from === null ? [] : clauseFrom(words, from, MAX_WORDS - 1);
  return { phrase: capitalise([negation, gerund, joined(rest)].filter((part) => part !== '').join(' ')), end: endOf(rest, last ?? words[i]!) };
}

/**
 * "I ran and won the race" → "Running and winning the race": a second verb takes "-ing" too. When what follows
 * "and" is no verb ("I cook and my sister cleans"), the title is the first verb alone (`from` null).
 */
function withSecondVerb(words: readonly Word[], gerund: string, after: number): { gerund: string; from: number | null; last?: Word } {
  const joiner = words[after];
  if (!joiner || !/^(?:and|or)$/.test(joiner.lower) || words[after - 1]?.stop) return { gerund, from: after };
  const next = words[after + 1];
  const second = next && !FUNCTION.has(next.lower) && !SUBJECT.test(next.lower) && /^\p{Ll}/u.test(next.text) ? gerundOf(next.lower) : null;
  if (!next || second === null) return { gerund, from: null };
  return { gerund: `${gerund} ${joiner.lower} ${second}`, from: next.stop ? null : after + 2, last: next };
}

/** The verb after a subject such as "My grandfather" or "Jayden": "is", "rode", "repairs"; -1 when none. */
function verbAfterSubject(words: readonly Word[]): number {
  let limit = 1;
  while (limit < Math.min(words.length, 7) && !words[limit - 1]!.stop && !CLAUSE.has(words[limit]!.lower)) limit += 1;
  const finite = words.slice(1, limit).findIndex((word) => FINITE.has(word.lower));
  if (finite >= 0) return finite + 1;
  // "a pit bull named Pickles took…": a participle before a name or "by" describes the subject.
  const past = words.slice(1, limit).findIndex((word, i) => isPastForm(word.text) && !/^(?:\p{Lu}|by$)/u.test(words[i + 2]?.text ?? ''));
  if (past >= 0) return past + 1;
  const third = words.slice(1, Math.min(limit, 4)).findIndex((word, i) => /^\p{Ll}+s$/u.test(word.text) && !word.text.endsWith('ss')
    && !DETERMINER.has(words[i]!.lower) && !PREPOSITION.has(words[i]!.lower));
  return third >= 0 ? third + 1 : -1;
}

/** "My grandfather repairs watches" → "My grandfather repairing watches"; "My grandmother, because…" → "My grandmother". */
function fromSubject(words: readonly Word[]): TitlePhrase | null {
  const comma = words.findIndex((word) => word.stop);
  if (comma >= 0 && comma < 5 && words.slice(1, comma + 1).every((word) => !FINITE.has(word.lower) && !isPastForm(word.text))) {
    return { phrase: capitalise(joined(words.slice(0, comma + 1))), end: words[comma]!.end };
  }
  const verb = verbAfterSubject(words);
  if (verb < 1) return null;
  let subject = words.slice(0, verb);
  const preposition = subject.findIndex((word, i) => i > 0 && PREPOSITION.has(word.lower));
  if (preposition > 0) subject = subject.slice(0, preposition);
  while (subject.length > 1 && SKIPPED.has(subject[subject.length - 1]!.lower)) subject = subject.slice(0, -1);
  const gerund = gerundOf(words[verb]!.lower, true);
  if (gerund === null || subject.length > 5) return null;
  const rest = clauseFrom(words, verb + 1, Math.max(5, MAX_WORDS - subject.length - 1));
  return { phrase: capitalise([joined(subject), gerund, joined(rest)].filter((p) => p !== '').join(' ')), end: endOf(rest, words[verb]!) };
}

/** A short noun phrase for a title from the student's text, or null when their words do not give one. */
export function titlePhrase(text: string): TitlePhrase | null {
  const words = wordsOf(text);
  const first = words[0];
  if (!first) return null;
  if (first.lower === 'when' || first.lower === 'whenever') {
    if (words[1] && SUBJECT.test(words[1].lower)) return fromFirstPerson(words, 1);
    const found = fromSubject(words.slice(1));
    if (found) return found;
    const taken = clauseFrom(words, 1, MAX_WORDS, 'last');
    return taken.length >= 2 ? { phrase: `The moment ${continueWith(joined(taken))}`, end: endOf(taken, first) } : null;
  }
  const subject = words.slice(0, 5).findIndex((word) => SUBJECT.test(word.lower));
  if (subject >= 0 && !CLAUSE.has(first.lower)) return fromFirstPerson(words, subject);
  // A fragment led by its verb ("Built a robot.", "Help at the kitchen.") is read as the student's "I…".
  const sentence = sentenceTexts(text.trim())[0] ?? '';
  const told = describePart(sentence);
  if (told.kind === 'sentence' && /^I /.test(told.text) && !/^I\b/.test(sentence)) {
    const found = titlePhrase(told.text);
    return found && { phrase: found.phrase, end: text.indexOf(sentence) + Math.min(sentence.length, Math.max(0, found.end - 2)) };
  }
  if (first.lower.endsWith('ing') && first.lower.length > 4 && !NOT_GERUND.has(first.lower)) {
    const taken = clauseFrom(words, 0, MAX_WORDS);
    return { phrase: capitalise(joined(taken)), end: endOf(taken, first) };
  }
  if (/^the (?:moment|day|first time|last time|time|night|morning|summer)\b/i.test(text.trim())) {
    const taken = clauseFrom(words, 0, MAX_WORDS + 1);
    return { phrase: capitalise(joined(taken)), end: endOf(taken, first) };
  }
  if (DETERMINER.has(first.lower) || (/^\p{Lu}/u.test(first.text) && !PREPOSITION.has(first.lower) && !SKIPPED.has(first.lower))) {
    const found = fromSubject(words);
    if (found) return found;
  }
  // A phrase with no verb of its own ("Patience.", "Dirt under my nails.") is a noun phrase already.
  const taken = clauseFrom(words, 0, Number.POSITIVE_INFINITY);
  const verbless = taken.every((word, i) => i === 0 || !(FINITE.has(word.lower) || isPastForm(word.text) || SUBJECT.test(word.lower)));
  return verbless && taken.length <= SHORT_PHRASE_WORDS ? { phrase: capitalise(joined(taken)), end: endOf(taken, first) } : null;
}

/** Who a sentence is about, without what it says of them: "My aunt Ngozi, because she…" → "My aunt Ngozi". */
export function personPhrase(text: string): TitlePhrase | null {
  const words = wordsOf(text);
  const taken: Word[] = [];
  for (const word of words) {
    if (taken.length > 0 && (CLAUSE.has(word.lower) || FINITE.has(word.lower) || isPastForm(word.text) || SUBJECT.test(word.lower))) break;
    taken.push(word);
    if (word.stop) break;
  }
  while (taken.length > 1 && DANGLING.has(taken[taken.length - 1]!.lower)) taken.pop();
  return taken.length > 0 && taken.length <= SHORT_PHRASE_WORDS ? { phrase: joined(taken), end: endOf(taken, taken[0]!) } : null;
}

const runWords = (text: string): string[] => text.toLowerCase().replaceAll('’', "'").match(/[\p{L}\p{N}']+/gu) ?? [];

/**
 * True when `text` repeats the title's words verbatim: three of them in a row, or a title of one or two words
 * whole. A description beside a title says something the title does not.
 */
export function repeatsTitle(title: string, text: string): boolean {
  const mine = runWords(title);
  const theirs = ` ${runWords(text).join(' ')} `;
  const run = Math.min(3, mine.length);
  for (let i = 0; i + run <= mine.length; i += 1) if (theirs.includes(` ${mine.slice(i, i + run).join(' ')} `)) return true;
  return false;
}
