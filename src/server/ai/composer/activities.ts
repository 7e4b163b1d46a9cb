// Sentences and names built only from the fields of an activity entry: nothing here is guessed.
import { SCHOOL_YEARS } from '../../../common/constants.ts';
import type { StudentActivity } from '../profile.ts';
import { standaloneSentence } from './prose.ts';
import {
  asSentence, continueWith, countWords, fragmentToFirstPerson, joinList, lowerIfSentenceCase, shortPhrase, splitSentences,
} from './text.ts';

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

/** The short name a description opens with ("Robotics team. Built…" → "Robotics team"), if it opens with one. */
function nameInDescription(description: string): string | null {
  const phrase = shortPhrase(description, 6);
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
    : nameInDescription(activity.description);
  if (own) return person === 'second' ? `“${own}”` : own;
  const fallback = CATEGORY_NAMES[activity.category] ?? ['my activity', 'your activity'];
  return person === 'first' ? fallback[0] : fallback[1];
}

/** The description without the name it opens with, for quoting after the name. */
export function activityStoryText(activity: StudentActivity): string {
  const name = activity.category === 'other' ? null : nameInDescription(activity.description);
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
  const described = named ? null : nameInDescription(activity.description);
  const repeatsRole = activity.leadership !== '' && (described ?? '').toLowerCase().includes(activity.leadership.toLowerCase());
  const ownName = described && !repeatsRole ? described : null;
  const lead = named
    ? (activity.name ? `I have been involved in ${lowerIfSentenceCase(continueWith(activity.name))}` : '')
    : `${INVOLVEMENT[activity.category] ?? ''}${ownName ? ` (${lowerIfSentenceCase(ownName)})` : ''}`;
  const years = detail === 'none' ? '' : yearsText(activity.years);
  const hours = detail === 'full' ? hoursText(activity.hoursPerWeek) : '';
  const sentences: string[] = [];
  if (lead !== '' && (years !== '' || hours !== '' || named || ownName)) {
    sentences.push(asSentence([years ? `${lead} ${years}` : lead, hours].filter((part) => part !== '').join(', ')));
  }
  if (activity.leadership !== '') {
    const asRole = countWords(activity.leadership) <= 5 && !/[.!?]/.test(activity.leadership);
    const role = asRole ? `My role there is ${activity.leadership}` : fragmentToFirstPerson(activity.leadership);
    if (role) sentences.push(asSentence(role));
  }
  return sentences;
}

/** The description's sentences that can stand in the essay in the student's own words. */
export function activityStory(activity: StudentActivity): string[] {
  return splitSentences(activity.description)
    .map((sentence) => standaloneSentence(sentence))
    .filter((sentence): sentence is string => sentence !== null);
}
