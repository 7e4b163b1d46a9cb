// The student's profile as the AI layer sees it: trimmed, empty entries dropped, labels resolved, and the
// e-mail gone. Everything that reaches the composer or a model passes through here, so the e-mail never does.
import {
  ACTIVITY_CATEGORY_LABELS, INSIGHT_KEYS, type ActivityCategory, type InsightKey,
} from '../../common/questionnaire/questionnaire.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';

export interface StudentActivity {
  /** What the student calls it: their own "other" category, else the category's label. */
  name: string;
  category: ActivityCategory | '';
  leadership: string;
  description: string;
  years: string[];
  hoursPerWeek: string;
}

export interface StudentProfile {
  /** First name only: enough for context, and nothing a model needs more of. */
  firstName: string;
  classRank: string;
  gpa: string;
  subjects: string[];
  majors: string[];
  collegeTypes: string[];
  specificColleges: string[];
  activities: StudentActivity[];
  insights: Record<InsightKey, string>;
  writingSample: { title: string; text: string };
  /** The legacy sections (unused by the screens), still used when a document carries them. */
  legacy: { extracurriculars: string[]; volunteerWork: string; challenge: string; values: string[]; background: string };
}

// A match starts only where a run of address characters starts (the lookbehind), so a long run without an
// @ is read once rather than once per character: linear time on any text.
const EMAIL_LIKE = /(?<![^\s@<>()"',;])[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[A-Za-z]{2,}/g;
const EMAIL_REPLACEMENT = '(e-mail removed)';

/** Removes the student's e-mail, and anything shaped like an e-mail, from a free text. */
export const scrubText = (text: string): string => text.replace(EMAIL_LIKE, EMAIL_REPLACEMENT);

/** Trims, collapses runs of whitespace and removes e-mail addresses. */
export const clean = (text: string | undefined | null): string =>
  scrubText(String(text ?? '').replace(/\s+/g, ' ').trim());

const cleanList = (items: readonly string[]): string[] => items.map(clean).filter((item) => item !== '');

function toActivity(entry: FormDocument['activitiesAndInvolvement']['activities'][number]): StudentActivity | null {
  const other = clean(entry.otherCategory);
  const label = entry.category === '' ? '' : ACTIVITY_CATEGORY_LABELS[entry.category];
  const name = entry.category === 'other' || entry.category === '' ? other || label : label;
  const description = clean(entry.description);
  const leadership = clean(entry.leadership);
  if (name === '' && description === '' && leadership === '') return null;
  return {
    name, category: entry.category, leadership, description,
    years: [...entry.years], hoursPerWeek: entry.hoursPerWeek,
  };
}

export function toStudentProfile(form: FormDocument): StudentProfile {
  const insights = Object.fromEntries(
    INSIGHT_KEYS.map((key) => [key, clean(form.personalInsights[key])]),
  ) as Record<InsightKey, string>;
  return {
    firstName: clean(form.basicInfo.fullName).split(' ')[0] ?? '',
    classRank: clean(form.academics.classRank),
    gpa: clean(form.academics.gpa),
    subjects: cleanList(form.academics.subjects),
    majors: cleanList(form.academics.majors),
    collegeTypes: cleanList(form.collegeGoals.collegeTypes),
    specificColleges: cleanList(form.collegeGoals.specificColleges),
    activities: form.activitiesAndInvolvement.activities.map(toActivity).filter((a) => a !== null),
    insights,
    writingSample: {
      title: clean(form.personalInsights.writingSample.title),
      text: clean(form.personalInsights.writingSample.text),
    },
    legacy: {
      extracurriculars: cleanList(form.activities.extracurriculars),
      volunteerWork: clean(form.activities.volunteerWork),
      challenge: clean(form.personal.challenge),
      values: cleanList(form.personal.values),
      background: clean(form.personal.background),
    },
  };
}

/** The follow-up answers that say something, cleaned, in the order the student saw them. */
export const answeredResponses = (responses: Record<string, string>): Array<{ question: string; answer: string }> =>
  Object.entries(responses)
    .map(([question, answer]) => ({ question: clean(question), answer: clean(answer) }))
    .filter((entry) => entry.answer !== '');
