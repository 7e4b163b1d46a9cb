// The student's material as a model receives it: every part of the profile except the e-mail (and the last
// name), as JSON inside a <student_data> fence. '<' and '>' are JSON-escaped, so no text of the student's can
// close the fence or open a new one, whatever it contains.
import { INSIGHT_KEYS, INSIGHT_QUESTIONS } from '../../common/questionnaire/questionnaire.ts';
import { mapStrings } from '../body/textHygiene.ts';
import { answeredResponses, clean, type StudentProfile } from './profile.ts';

export const FENCE_OPEN = '<student_data>';
export const FENCE_CLOSE = '</student_data>';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Drops empty strings, empty lists and empty objects, so the model sees only what the student wrote. */
function compact(value: Json): Json | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((item): item is Json => item !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, compact(item)] as const)
      .filter((entry): entry is readonly [string, Json] => entry[1] !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

export function profileData(profile: StudentProfile): Json {
  return {
    first_name: profile.firstName,
    class_rank: profile.classRank,
    gpa: profile.gpa,
    favourite_subjects: profile.subjects,
    intended_majors: profile.majors,
    college_types: profile.collegeTypes,
    colleges_on_list: profile.specificColleges,
    activities: profile.activities.map((a) => ({
      name: a.name, role: a.leadership, school_years: a.years, hours_per_week: a.hoursPerWeek, description: a.description,
    })),
    personal_insights: INSIGHT_KEYS.map((key) => ({ question: INSIGHT_QUESTIONS[key], answer: profile.insights[key] })),
    writing_sample: profile.writingSample,
    earlier_notes: {
      extracurriculars: profile.legacy.extracurriculars,
      volunteer_work: profile.legacy.volunteerWork,
      challenge: profile.legacy.challenge,
      values: profile.legacy.values,
      background: profile.legacy.background,
    },
  };
}

/** Follow-up answers as data: each question with the student's answer, blank answers left out. */
export const answersData = (responses: Record<string, string>): Json =>
  answeredResponses(responses).map(({ question, answer }) => ({ question, answer }));

/** Fences the student's material; `extra` adds request-specific data (the chosen topic, the essay prompt). */
export function fenceStudentData(profile: StudentProfile, extra: Record<string, Json> = {}): string {
  // Every string cleaned, which also strips e-mail addresses.
  return fence(compact({ profile: profileData(profile), ...mapStrings(extra, clean) }) ?? {});
}

/** Data as pretty JSON inside the fence, '<' and '>' escaped so no text in it can close the fence. */
export const fence = (data: unknown): string =>
  `${FENCE_OPEN}\n${JSON.stringify(data, null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')}\n${FENCE_CLOSE}`;
