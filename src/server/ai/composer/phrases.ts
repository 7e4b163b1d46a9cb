// Short quotations of the student's own words, for topic titles and descriptions.
import type { StudentActivity } from '../profile.ts';
import { hoursText, yearsText } from './activities.ts';
import { capitalise, excerpt, shortPhrase, withoutFinalStop } from './text.ts';

/** A title-sized phrase from the student's text. */
export const phrase = (text: string, maxWords = 10): string => capitalise(shortPhrase(text, maxWords) ?? excerpt(text, maxWords));

/** The student's words in quotation marks, shortened with an ellipsis when long. */
export const quote = (text: string, maxWords = 24): string => `“${excerpt(text, maxWords)}”`;

/** "My grandmother" from "My grandmother, because she never gave up": who, without the why. */
export function personOf(text: string): string {
  const who = text.split(/,|\s(?:because|who|since|for)\s|[.;:!?—–]/)[0]?.trim() ?? '';
  return withoutFinalStop(who.split(/\s+/).length <= 6 && who !== '' ? who : excerpt(text, 6));
}

/** "as captain, from 9th to 12th grade, more than ten hours a week" — the activity's facts as a clause. */
export function activityDetails(activity: StudentActivity): string {
  const parts = [
    activity.leadership ? `as ${activity.leadership}` : '',
    yearsText(activity.years),
    hoursText(activity.hoursPerWeek),
  ].filter((part) => part !== '');
  return parts.join(', ');
}

export const SETBACK = /\b(fail\w*|lost|lose|losing|mistakes?|struggl\w*|injur\w*|reject\w*|broke|broken|setbacks?|quit|wrong|afraid|scared|hard(?:est)?|difficult)\b/i;

/** The first sentence of a text that mentions a setback, if any. */
export const setbackSentence = (text: string): string | null =>
  text.split(/(?<=[.!?])\s+/).find((sentence) => SETBACK.test(sentence)) ?? null;
