// How long a refused client should wait, in the words a 429's message uses, and until when a daily budget holds.
const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "45 seconds", "1 minute", "10 minutes", "1 hour": rounded up to the unit shown. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** Whole seconds (at least 1) until the next UTC midnight, when every daily budget starts again. */
export function secondsUntilTomorrow(now: Date): number {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000));
}
