// The college list's deadlines as a calendar file (.ics, RFC 5545) the student imports into any calendar: one
// all-day event per college on its deadline, named with the college and its round, and the prompts still to
// finish in its description. Written by the `ics` library (escaping, line folding, CRLF endings), which runs in
// the browser as on the server.
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { CollegePlan } from './schema.ts';
import { APPLICATION_ROUND_NAMES, PROMPT_STATUS_NAMES } from './vocabulary.ts';

type College = CollegePlan['colleges'][number];

/** How much of each prompt the description quotes: enough to recognise it. */
const PROMPT_QUOTE_CHARS = 120;

/** The day after a deadline (an all-day event ends, exclusively, on the next day). */
function dayAfter([year, month, day]: DateArray): DateArray {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/** A schema-checked deadline (YYYY-MM-DD) as the library's date: year, month, day, and no time (all day). */
const deadlineDay = (deadline: string): DateArray => {
  const [year, month, day] = deadline.split('-').map(Number) as [number, number, number];
  return [year, month, day];
};

/** A prompt's first line, cut at a word near PROMPT_QUOTE_CHARS characters. */
function promptQuote(text: string): string {
  const firstLine = text.split('\n', 1)[0]!.trim();
  const chars = [...firstLine];
  if (chars.length <= PROMPT_QUOTE_CHARS) return firstLine;
  const cut = chars.slice(0, PROMPT_QUOTE_CHARS).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > PROMPT_QUOTE_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The description: each prompt not yet done, with its word limit and status; or that none is left. */
function description(college: College): string {
  if (college.prompts.length === 0) return 'No prompts added for this college yet.';
  const open = college.prompts.filter((prompt) => prompt.status !== 'done');
  if (open.length === 0) return 'Every prompt for this college is done.';
  const lines = open.map((prompt) => {
    const limit = prompt.wordLimit === null ? 'no word limit' : `${prompt.wordLimit} words`;
    return `- ${promptQuote(prompt.text)} (${limit}; ${PROMPT_STATUS_NAMES[prompt.status]})`;
  });
  return [`Prompts not yet done (${open.length} of ${college.prompts.length}):`, ...lines].join('\n');
}

/**
 * The plan's deadlines as the text of a calendar file. `now` stamps each event (DTSTAMP: when the file was made).
 * Each event's UID is the college's id, so importing a newer file updates the events instead of doubling them.
 * Refused (`problem`) only if the library finds an event invalid, which a schema-checked plan never gives it.
 */
export function collegeCalendar(plan: CollegePlan, now: Date): { value: string } | { problem: string } {
  const events = plan.colleges.map((college): EventAttributes & { timestamp: number } => {
    const start = deadlineDay(college.deadline);
    return {
      uid: `college-${college.id}@essay-studio`,
      title: `${college.name}: ${APPLICATION_ROUND_NAMES[college.round]} deadline`,
      description: description(college),
      start,
      end: dayAfter(start),
      transp: 'TRANSPARENT',
      timestamp: now.getTime(),
    };
  });
  const { error, value } = createEvents(events, { productId: 'essay-studio/college-plan', calName: 'College deadlines' });
  if (error !== null || value === null) return { problem: `The calendar could not be written: ${error?.message ?? 'no file was made'}` };
  return { value };
}
