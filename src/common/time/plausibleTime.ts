// A time a device reports (an essay version's, an analytics event's) is believed only within a plausible
// range: not before the product existed, and not more than a day ahead of the server (time zones and
// slightly fast clocks). Outside it the clock is wrong, or the value is hostile: the database's own range
// (year 0000, 9999 with an offset) is never reached.
export const EARLIEST_PLAUSIBLE_TIME = '2020-01-01T00:00:00.000Z';
const EARLIEST_MS = Date.parse(EARLIEST_PLAUSIBLE_TIME);
const AHEAD_MS = 24 * 3_600_000;

/** Whether `time` (ISO 8601) lies between 2020-01-01 and a day after `now`. */
export function isPlausibleTime(time: string, now: Date): boolean {
  const ms = Date.parse(time);
  return ms >= EARLIEST_MS && ms <= now.getTime() + AHEAD_MS;
}

export const PLAUSIBLE_TIME_RULE = 'must lie between 2020-01-01 and a day from now';
