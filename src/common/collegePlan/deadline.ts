// A college's application deadline: a calendar day, written as the date input gives it (YYYY-MM-DD), with no time
// or zone (a deadline is the college's day, wherever the student is). Only real days of plausible years pass,
// so the list's order and the calendar's events never meet a 30 February or a year 10000.

/** The years a deadline may fall in: the product's time and well beyond any student's applications. */
export const DEADLINE_YEARS = { first: 2000, last: 2100 } as const;

const DATE_FORM = /^(\d{4,6})-(\d{2})-(\d{2})$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Why `text` is no deadline, in words that follow the field's name ("Deadline must be …"), or null when it is one. */
export function deadlineProblem(text: string): string | null {
  const parts = DATE_FORM.exec(text);
  if (!parts) return 'must be a date written as YYYY-MM-DD';
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < DEADLINE_YEARS.first || year > DEADLINE_YEARS.last) {
    return `must fall between ${DEADLINE_YEARS.first} and ${DEADLINE_YEARS.last} (year ${year} is not a deadline)`;
  }
  if (month < 1 || month > 12) return `is not a real date: there is no month ${month}`;
  if (day < 1 || day > daysIn(year, month)) return `is not a real date: ${text} does not exist`;
  return null;
}
