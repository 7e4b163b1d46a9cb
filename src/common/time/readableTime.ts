// A moment as a reader in the United States writes it, in the device's time zone: "November 28, 2026 at 9:05 AM"
// (long) or "Nov 28, 2026, 9:05 AM" (short), as Intl.DateTimeFormat's en-US long and medium styles write it.
// Built from Date's own fields, not Intl: the first Intl.DateTimeFormat a page builds loads the locale's
// calendar data, and in the route bench's CPU profile of /result (BENCH_CPU_PROFILE, test/bench/README.md) that
// was the longest part of the task that drew the essay's version list. The product speaks English only, so one
// locale is all it needs.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'] as const;

export type TimeStyle = 'long' | 'short';

/** `iso` as a reader writes it; a string that is not a moment comes back as it is. */
export function readableTime(iso: string, style: TimeStyle = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = MONTHS[date.getMonth()]!;
  const day = `${style === 'long' ? month : month.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
  const hours = date.getHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return style === 'long' ? `${day} at ${clock}` : `${day}, ${clock}`;
}
