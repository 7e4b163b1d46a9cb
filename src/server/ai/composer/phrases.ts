// Short quotations of the student's own words, for topic titles and descriptions.
import type { StudentActivity } from '../profile.ts';
import { hoursText, yearsText } from './activities.ts';
import { excerpt } from './text.ts';

/** The student's words in quotation marks, shortened with an ellipsis when long. */
export const quote = (text: string, maxWords = 24): string => `“${excerpt(text, maxWords)}”`;

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
