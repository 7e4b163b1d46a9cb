// Text the database cannot store: NUL (PostgreSQL text and jsonb refuse it) and lone UTF-16 surrogates (half
// an emoji, which is not a character at all). Found in one pass over a parsed body; either repaired to
// U+FFFD, the replacement character, or named so the request can be refused with the field's path.

const REPLACEMENT = 0xfffd;
const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** Index of the first NUL or lone surrogate in `text`, or -1. One pass over the UTF-16 units. */
function firstBroken(text: string, from = 0): number {
  for (let i = from; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return i;
    if (isHigh(unit) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) i += 1;
    else if (isHigh(unit) || isLow(unit)) return i;
  }
  return -1;
}

const hasBrokenText = (text: string): boolean => firstBroken(text) !== -1;

/** NUL and lone surrogates become U+FFFD; every other character is kept. */
export function repairText(text: string): string {
  let at = firstBroken(text);
  if (at === -1) return text;
  const units: string[] = [];
  let start = 0;
  while (at !== -1) {
    units.push(text.slice(start, at), String.fromCharCode(REPLACEMENT));
    start = at + 1;
    at = firstBroken(text, start);
  }
  units.push(text.slice(start));
  return units.join('');
}

type Path = Array<string | number>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The path of the first string (or object key) holding NUL or a lone surrogate, or null when there is none. */
export function findBrokenText(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') return hasBrokenText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBrokenText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasBrokenText(key)) return [...path, repairText(key)];
      const found = findBrokenText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A copy of a parsed JSON value with `fn` applied to every string in it, and to every object key with `keys`. */
export function mapStrings<T>(value: T, fn: (text: string) => string, keys = false): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, fn, keys)) as T;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => [keys ? fn(key) : key, mapStrings(item, fn, keys)]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}

/** A copy of `value` with every string and object key repaired (a string stays the same when nothing needed it). */
export const repairBrokenText = <T>(value: T): T => mapStrings(value, repairText, true);

/** "body.followUpResponses['Why?']" style paths for messages. */
export const describePath = (context: string, path: Path): string =>
  path.reduce<string>((text, segment) => (
    typeof segment === 'number' ? `${text}[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `${text}.${segment}` : `${text}[${JSON.stringify(segment.slice(0, 60))}]`
  ), context);
