// A device's name in the student's list, read from its User-Agent: "Chrome on Windows", "Safari on iPhone".
// Only the browser's and the system's family are kept, never the version or the full string.

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (text: string, list: ReadonlyArray<readonly [RegExp, string]>): string | undefined =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** At most 80 characters, as the column allows; "A browser" when the agent says nothing we know. */
export function deviceLabel(userAgent: string | undefined): string {
  // Only the start is read: a long header cannot make the patterns work harder.
  const text = (userAgent ?? '').slice(0, 512);
  const browser = first(text, BROWSERS);
  const system = first(text, SYSTEMS);
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  return browser ?? (system === undefined ? 'A browser' : `A browser on ${system}`);
}
