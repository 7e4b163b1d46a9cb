// Sentences and names built only from the fields of an activity entry: nothing here is guessed.
import { SCHOOL_YEARS } from '../../../common/questionnaire/questionnaire.ts';
import type { StudentActivity } from '../profile.ts';
import { describePart, isCommonVerb, withoutRepeatedLead } from './prose.ts';
import {
  asSentence, continueWith, countWords, fragmentToFirstPerson, joinList, lowerIfSentenceCase, shortPhrase, 
  withoutFinalStop,
} from './text.ts';
import { sentenceTexts } from '../../../common/text/sentences.ts';

const INVOLVEMENT: Record<string, string> = {
  sports: 'I have competed in sports',
  performing_arts: 'I have performed',
  academic_clubs: 'I have been part of an academic club',
  honor_societies: 'I have been a member of an honor society',
  community_service: 'I have volunteered',
  student_government: 'I have served in student government',
  work_experience: 'I have worked',
  religious: 'I have been active in my religious community',
};

/** "from 9th to 12th grade", "in 10th grade", or '' when the student gave no years. */
export function yearsText(years: readonly string[]): string {
  const ordered = SCHOOL_YEARS.filter((year) => years.includes(year));
  if (ordered.length === 0) return '';
  if (ordered.length === 1) return `in ${ordered[0]} grade`;
  const first = SCHOOL_YEARS.indexOf(ordered[0] as (typeof SCHOOL_YEARS)[number]);
  const contiguous = ordered.every((year, i) => SCHOOL_YEARS[first + i] === year);
  return contiguous ? `from ${ordered[0]} to ${ordered[ordered.length - 1]} grade` : `in ${joinList(ordered)} grade`;
}

export function hoursText(hours: string): string {
  if (hours === '') return '';
  if (hours === '10+') return 'more than ten hours a week';
  return hours === '1' ? 'about an hour a week' : `about ${hours} hours a week`;
}

/** How a category is named when the student's own words give no short name. */
const CATEGORY_NAMES: Record<string, [string, string]> = {
  sports: ['my sport', 'your sport'],
  performing_arts: ['performing', 'performing'],
  academic_clubs: ['my club', 'your club'],
  honor_societies: ['my honor society', 'your honor society'],
  community_service: ['volunteering', 'volunteering'],
  student_government: ['student government', 'student government'],
  work_experience: ['my job', 'your job'],
  religious: ['my faith community', 'your faith community'],
};

const ABBREVIATED = /\b(Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Mt)\.(?= )/g;

/** The short name a description opens with ("Robotics team. Built…" → "Robotics team"), if it opens with one. */
function nameInDescription(description: string, whole = false): string | null {
  // A title names "Youth group at St. Anne." whole: the full stop after an abbreviation does not end it there.
  const found = shortPhrase(whole ? description.replace(ABBREVIATED, '$1\u2024') : description, 6);
  const phrase = whole ? found?.replaceAll('\u2024', '.') ?? null : found;
  const first = /^[A-Za-z]+/.exec(phrase ?? '')?.[0] ?? '';
  return phrase && fragmentToFirstPerson(phrase) === null && !/ing$/i.test(first) ? phrase : null;
}

/**
 * A short name for the start of a title ("my", first person) or for a description addressed to the student
 * ("your", quoted): their own words where they are short enough, else a plain name for the category.
 */
export function activityName(activity: StudentActivity, person: 'first' | 'second' = 'first'): string {
  const own = activity.category === 'other' || activity.category === ''
    ? activity.name
    : nameInDescription(activity.description, true);
  if (own) return person === 'second' ? `“${own}”` : own;
  const fallback = CATEGORY_NAMES[activity.category] ?? ['my activity', 'your activity'];
  return person === 'first' ? fallback[0] : fallback[1];
}

/** The description without the name it opens with, for quoting after the name. */
export function activityStoryText(activity: StudentActivity): string {
  const name = activity.category === 'other' ? null : nameInDescription(activity.description, true);
  return name ? activity.description.slice(name.length).replace(/^[\s.,;:—–-]+/, '') : activity.description;
}

/** How much of the student's time an activity takes, for choosing the one that matters most. */
export function commitment(activity: StudentActivity): number {
  const hours = activity.hoursPerWeek === '10+' ? 12 : Number(activity.hoursPerWeek) || 1;
  return hours * Math.max(1, activity.years.length) + (activity.leadership ? 6 : 0) + Math.min(countWords(activity.description), 40) / 10;
}

/**
 * "I have volunteered from 9th to 12th grade, about 4 hours a week." and the role, as the student gave them.
 * `detail` says how much of the schedule to give: a draft that lists the years and hours of every activity in
 * the same words reads as a résumé, so later activities get the years only, or neither.
 */
export function activityFacts(activity: StudentActivity, detail: 'full' | 'years' | 'none' = 'full'): string[] {
  const named = activity.category === 'other' || activity.category === '' || !(activity.category in INVOLVEMENT);
  // The student's own name for it ("Robotics team. Built…") goes beside the category, in parentheses.
  const described = nameSaidInFacts(activity);
  const repeatsRole = activity.leadership !== '' && (described ?? '').toLowerCase().includes(activity.leadership.toLowerCase());
  const ownName = described && !repeatsRole ? described : null;
  const lead = named
    ? (activity.name ? `I have been involved in ${lowerIfSentenceCase(continueWith(activity.name))}` : '')
    : `${INVOLVEMENT[activity.category] ?? ''}${ownName ? ` (${inSentence(ownName)})` : ''}`;
  const years = detail === 'none' ? '' : yearsText(activity.years);
  const hours = detail === 'full' ? hoursText(activity.hoursPerWeek) : '';
  const sentences: string[] = [];
  if (lead !== '' && (years !== '' || hours !== '' || named || ownName)) {
    sentences.push(asSentence([years ? `${lead} ${years}` : lead, hours].filter((part) => part !== '').join(', ')));
  }
  // The role, as the student gave it: "Captain" is said as "My role there is captain", "Led the pit crew" as theirs.
  if (activity.leadership !== '') sentences.push(...asSentences(activity.leadership, 'My role there', activity.leadership, () => null));
  return sentences;
}

/** How a fragment of a description names the activity it belongs to ("My job is weekend bike repair…"). */
const PHRASE_SUBJECTS: Record<string, string> = {
  sports: 'My sport',
  performing_arts: 'My part in the performing arts',
  academic_clubs: 'My club',
  honor_societies: 'My part in my honor society',
  community_service: 'My volunteer work',
  student_government: 'My part in student government',
  work_experience: 'My job',
  religious: 'My part in my faith community',
};

function phraseSubject(activity: StudentActivity): string {
  const subject = PHRASE_SUBJECTS[activity.category];
  if (subject !== undefined) return subject;
  return activity.name ? `My part in ${lowerIfSentenceCase(activity.name)}` : 'One of my activities';
}

/** "Cashier at Pho Saigon" → "cashier at Pho Saigon"; a capital that is more than the sentence's start stays. */
function inSentence(phrase: string): string {
  const [first = '', second = ''] = phrase.split(/\s+/);
  const sentenceCase = first.slice(1) === first.slice(1).toLowerCase() && first !== 'I' && (/^\p{Ll}/u.test(second) || isCommonVerb(first));
  return sentenceCase ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
}

const IRREGULAR_PAST = /^(?:built|led|ran|made|taught|wrote|won|began|brought|kept|took|spent|held|grew|found|gave|got|went|sang|drew|met|paid|sold|told|said|felt|left|saw|came|did|rebuilt)$/;

/** Past when the student tells the activity in the past ("Organized…", "We packed…"), else present ("I start…"). */
function tenseOf(text: string): 'present' | 'past' {
  let past = 0;
  let present = 0;
  for (const sentence of sentenceTexts(text)) {
    // The verb after the student as subject, or after the "I" a verb-led fragment gets.
    const told = describePart(sentence);
    const verb = told.kind === 'sentence' ? /\b(?:I|we|We)\s+(\p{Ll}+)/u.exec(told.text)?.[1] ?? '' : '';
    if (/\b(?:was|were|had|did)\b/.test(sentence) || (verb !== '' && (/ed$/.test(verb) || IRREGULAR_PAST.test(verb)))) past += 1;
    else if (/\b(?:is|are|am|has|have|do|does)\b/.test(sentence) || verb !== '') present += 1;
  }
  return past > present ? 'past' : 'present';
}

/**
 * A text of the student's about an activity (its description or role) as sentences, using every part of it:
 * full sentences as written (a verb-led fragment with "I" in front), a run of phrases without a verb as one
 * sentence naming the activity ("My job is weekend bike repair on my front steps."), and a clause that needs a
 * sentence around it ("Every Saturday.") joined to the sentence before it, or to `lead` when it opens the text.
 * The frames say only what the student's own fields say: which activity it is and that they take part in it.
 */
function asSentences(text: string, subject: string, tenseFrom: string, lead: () => string | null): string[] {
  const past = tenseOf(tenseFrom) === 'past';
  const sentences: string[] = [];
  let phrases: string[] = [];
  let said = 0;
  // A clause that opens the text with no sentence before it waits for the next one ("Every Saturday. Flat tires.").
  let waiting: string | null = null;
  const push = (sentence: string): void => {
    const rest = waiting === null ? '' : afterFrame(withoutFinalStop(sentence), waiting);
    sentences.push(asSentence(rest === '' ? sentence : `${withoutFinalStop(sentence)}, ${rest}`));
    waiting = null;
  };
  const flush = (): void => {
    if (phrases.length === 0) return;
    const frame = `${subject} ${said === 0 ? (past ? 'was' : 'is') : (past ? 'also meant' : 'also means')}`;
    // No word doubled at the seam: what the frame already says is not said again ("My job is job…", "was was").
    // Joined as a list, a phrase's own dangling "and" would double the list's ("running and and…").
    const [head = '', ...rest] = phrases.map((phrase) => inSentence(withoutDanglingConjunctions(phrase))).filter((phrase) => phrase !== '');
    const opening = afterFrame(frame, head);
    const named = joinList([opening, ...rest].filter((phrase) => phrase !== ''));
    if (named !== '') push(`${frame} ${named}`);
    said += 1;
    phrases = [];
  };
  for (const sentence of sentenceTexts(text)) {
    const part = describePart(sentence);
    if (part.kind === 'phrase') {
      phrases.push(part.text);
      continue;
    }
    flush();
    if (part.kind === 'sentence') {
      push(part.text);
      continue;
    }
    // "Every Saturday." / "Because my mom needed help." continue the sentence before them.
    const clause = part.text.charAt(0).toLowerCase() + part.text.slice(1);
    const before = sentences.length > 0 ? sentences.pop() as string : lead();
    if (before === null) waiting = waiting === null ? clause : `${waiting}, ${clause}`;
    else {
      const joined = withoutFinalStop(before).replace(/[,;:]$/, '');
      const rest = afterFrame(joined, clause);
      sentences.push(asSentence(rest === '' ? joined : `${joined}, ${rest}`));
    }
  }
  flush();
  if (waiting !== null) {
    const frame = `${subject} ${past ? 'was' : 'is'}`;
    const rest = afterFrame(frame, waiting);
    if (rest !== '') sentences.push(asSentence(`${frame} ${rest}`));
  }
  return sentences;
}

/** A phrase without an "and" it opens or ends with, so a list of phrases never says "and and". */
const CONJUNCTION = /^(?:and|or|but)$/i;
function withoutDanglingConjunctions(phrase: string): string {
  const words = phrase.trim().split(/\s+/);
  while (words.length > 0 && CONJUNCTION.test(words[0] ?? '')) words.shift();
  while (words.length > 0 && CONJUNCTION.test(words[words.length - 1] ?? '')) words.pop();
  return words.join(' ');
}

/** The text without the words the frame before it already ends with ("…is" + "is…", "…because" + "because…"). */
function afterFrame(frame: string, text: string): string {
  const last = frame.trim().split(/\s+/).pop()?.toLowerCase().replace(/[^\p{L}\p{N}'’]/gu, '') ?? '';
  const words = text.trim().split(/\s+/);
  while (words.length > 0 && last !== '' && words[0]?.toLowerCase().replace(/[^\p{L}\p{N}'’]/gu, '') === last) words.shift();
  return words.length > 1 ? withoutRepeatedLead(frame, words.join(' ')) : words.join(' ');
}

/**
 * The name the description opens with ("Math club. I help…"), which the facts sentence says beside the category:
 * only a name that is the student's whole first sentence. "Cashier at Pho Saigon, my uncle's restaurant." and
 * "Youth group at St. Anne." are told whole by the story rather than cut at the comma or the abbreviation.
 */
function nameSaidInFacts(activity: StudentActivity): string | null {
  const named = activity.category === 'other' || activity.category === '' || !(activity.category in INVOLVEMENT);
  const name = named ? null : nameInDescription(activity.description);
  if (name === null) return null;
  return withoutFinalStop(sentenceTexts(activity.description)[0] ?? '') === name ? name : null;
}

/**
 * The description as sentences in the student's own words, every part of it used: a fragment without a verb
 * becomes a sentence naming the activity, never a sentence with a fact of ours.
 */
export function activityStory(activity: StudentActivity): string[] {
  const name = nameSaidInFacts(activity);
  const text = name ? activity.description.slice(name.length).replace(/^[\s.,;:—–-]+/, '') : activity.description;
  const involvement = INVOLVEMENT[activity.category];
  const lead = (): string | null => involvement ?? (activity.name ? `I have been involved in ${lowerIfSentenceCase(continueWith(activity.name))}` : null);
  return asSentences(text, phraseSubject(activity), activity.description, lead);
}
